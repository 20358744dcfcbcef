/** Why an uploaded image was refused; each maps to one problem status. */
export type ImageRejectionReason =
  | 'empty'
  | 'not-an-image'
  | 'unsupported-type'
  | 'too-many-pixels'
  | 'unsafe-svg'
  | 'corrupt';

/**
 * Recommended RFC 9457 problem status per reason: 400 for a request that carries no
 * file content, 415 when the bytes are not one of the accepted media types, 422 when
 * they are an accepted type whose content we refuse (too big to decode, unsafe, broken).
 */
export const IMAGE_REJECTION_STATUS: Readonly<Record<ImageRejectionReason, 400 | 415 | 422>> = {
  empty: 400,
  'not-an-image': 415,
  'unsupported-type': 415,
  'too-many-pixels': 422,
  'unsafe-svg': 422,
  corrupt: 422,
};

/** Problem title per reason, for the `title` member of the problem details. */
export const IMAGE_REJECTION_TITLE: Readonly<Record<ImageRejectionReason, string>> = {
  empty: 'Empty file',
  'not-an-image': 'Not an image',
  'unsupported-type': 'Unsupported image type',
  'too-many-pixels': 'Image too large',
  'unsafe-svg': 'Unsafe SVG',
  corrupt: 'Corrupt image',
};

/** The accepted formats, named for the user in rejection details. */
export const ACCEPTED_FORMATS_TEXT = 'Upload a PNG, JPEG, WebP or SVG image.';

/**
 * Thrown by `inspectImage` when an upload is refused. `detail` is written for the user
 * (it goes into the problem's `detail` as is); `reason` picks the status, see
 * {@link IMAGE_REJECTION_STATUS}.
 */
export class ImageRejectedError extends Error {
  override readonly name = 'ImageRejectedError';
  constructor(
    readonly reason: ImageRejectionReason,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
  }

  /** Recommended problem status for this rejection. */
  get status(): 400 | 415 | 422 {
    return IMAGE_REJECTION_STATUS[this.reason];
  }
}
