/**
 * The image formats the app uploads (floor plans and building map images): PNG, JPEG,
 * WebP and SVG. Checked in the browser so a wrong file is caught next to its field.
 */

/** MIME types accepted for floor plans and map images. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

/** Value for an `<input type="file" accept>`. */
export const ACCEPTED_IMAGE_ATTRIBUTE = [...ACCEPTED_IMAGE_TYPES, '.png', '.jpg', '.jpeg', '.webp', '.svg'].join(',');

const EXTENSIONS = /\.(png|jpe?g|webp|svg)$/i;

/** True when the file is PNG, JPEG, WebP or SVG by its type, or by its extension when the browser gave no type. */
export function isAcceptedImage(file: Pick<File, 'type' | 'name'>): boolean {
  if (file.type) return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
  return EXTENSIONS.test(file.name);
}
