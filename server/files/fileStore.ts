import type { Readable } from 'node:stream';

/** A stored file opened for reading: a byte stream and its length in bytes. */
export interface StoredFile {
  stream: Readable;
  /** Length in bytes, for the Content-Length header. */
  size: number;
}

/**
 * Where floor plans and building map images live (DESIGN.md "files"): local disk in the
 * embedded setup, S3-compatible object storage at scale. Keys are slash-separated paths
 * such as `floors/<floorId>/<fileName>`; the database row (content type, width, height)
 * is the source of truth about a file, the store only holds its bytes.
 *
 * Every method throws {@link InvalidFileKeyError} for a key that could escape the store
 * (`..`, absolute paths, backslashes, NUL, control characters, empty or dot segments);
 * routes should answer 404 for it, since such a key never names a stored file.
 */
export interface FileStore {
  /**
   * Stores `data` under `key`, replacing any previous file, atomically: a reader sees the
   * old file or the new one, never part of one, and a failed write leaves nothing behind.
   * `contentType` is the sniffed MIME type (object stores keep it as object metadata).
   */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Opens the file under `key`; resolves null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every file under the folder `prefix` (keys starting with `prefix + '/'`,
   * a trailing slash on `prefix` is optional), e.g. all plans of a floor when it is
   * deleted. `floors/ab` never touches `floors/abc/...`. Nothing there is not an error.
   */
  deletePrefix(prefix: string): Promise<void>;
}

/** Thrown for a key that is not a safe relative path inside the store. */
export class InvalidFileKeyError extends Error {
  override readonly name = 'InvalidFileKeyError';
  constructor(readonly key: string, reason: string) {
    super(`Invalid file key ${JSON.stringify(key)}: ${reason}`);
  }
}

/** Longest key accepted, in characters (object stores cap keys at 1024 bytes). */
const MAX_KEY_LENGTH = 512;

/**
 * Splits a store key into its path segments after checking it cannot name anything
 * outside the store: no absolute path, no backslash, no NUL or other control character,
 * no empty, `.` or `..` segment, and no segment starting with `.` (hidden files; the local
 * store's temporary files start with a dot, so keys can never collide with them).
 *
 * @throws InvalidFileKeyError when any rule is broken.
 */
export function fileKeySegments(key: string): string[] {
  if (key.length === 0) throw new InvalidFileKeyError(key, 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidFileKeyError(key, 'too long');
  if (/[\u0000-\u001f\u007f]/.test(key)) throw new InvalidFileKeyError(key, 'control character');
  if (key.includes('\\')) throw new InvalidFileKeyError(key, 'backslash');
  if (key.startsWith('/')) throw new InvalidFileKeyError(key, 'absolute path');
  // A Windows drive ("C:") would make path.join ignore the root on that platform.
  if (/^[A-Za-z]:/.test(key)) throw new InvalidFileKeyError(key, 'drive letter');
  const segments = key.split('/');
  for (const segment of segments) {
    if (segment === '') throw new InvalidFileKeyError(key, 'empty segment');
    if (segment === '.' || segment === '..') throw new InvalidFileKeyError(key, 'dot segment');
    if (segment.startsWith('.')) throw new InvalidFileKeyError(key, 'hidden segment');
  }
  return segments;
}
