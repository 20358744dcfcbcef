import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { inspectImage, type ImageInfo } from '../images/inspectImage';
import { ImageRejectedError, IMAGE_REJECTION_TITLE } from '../images/imageRejectedError';
import { HttpProblem, badRequest } from './problem';

/** Above this many pixels an image is refused before decoding (decompression-bomb guard). */
export const MAX_IMAGE_PIXELS = 200_000_000;

/** OpenAPI shape of a file part in a multipart body. */
export const FilePart = Type.Any({ description: 'File part: a PNG, JPEG, WebP or SVG image (binary)' });

/** True for a multipart request; its fields arrive as strings and its files as Buffers. */
export function isMultipart(request: FastifyRequest): boolean {
  return request.isMultipart();
}

/**
 * preValidation hook for routes taking JSON or multipart: in a multipart body an empty
 * text field means "not given" (a form's untouched input), not 0 or "".
 */
export async function dropEmptyMultipartFields(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart() || typeof request.body !== 'object' || request.body === null) return;
  const body = request.body as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) if (value === '') delete body[key];
}

/**
 * The file of a multipart field, or undefined when the field is absent.
 * @throws HttpProblem 400 when the field holds text instead of a file.
 */
export function fileField(body: unknown, field: string): Buffer | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[field];
  if (value === undefined || value === null) return undefined;
  if (!Buffer.isBuffer(value)) throw badRequest(`${field} must be a file upload (multipart/form-data)`, field);
  return value;
}

/**
 * Checks an uploaded image by its content and returns what it is.
 * @throws HttpProblem 400/415/422 naming the field and the reason (see ImageRejectedError).
 */
export async function inspectUpload(data: Buffer, field: string): Promise<ImageInfo> {
  try {
    return await inspectImage(data, { maxPixels: MAX_IMAGE_PIXELS });
  } catch (error) {
    throw asUploadProblem(error, field);
  }
}

/**
 * An ImageRejectedError as the problem for an upload field (400/415/422, naming `field`
 * and the reason); any other error is returned as it is, to be rethrown.
 */
export function asUploadProblem(error: unknown, field: string): unknown {
  if (!(error instanceof ImageRejectedError)) return error;
  return new HttpProblem(error.status, `${field}: ${error.detail}`, {
    extensions: { title: IMAGE_REJECTION_TITLE[error.reason], errors: [{ field, message: error.detail }] },
  });
}

/** A fresh public file name, e.g. `plan-3f9a1c2b7d.png`: unguessable and never reused. */
export function newFileName(prefix: string, extension: string): string {
  return `${prefix}-${randomBytes(5).toString('hex')}.${extension}`;
}
