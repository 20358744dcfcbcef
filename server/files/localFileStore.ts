import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, StoredFile } from './fileStore';
import { InvalidFileKeyError, fileKeySegments } from './fileStore';

function isErrnoCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && 'code' in error && codes.includes(String(error.code));
}

/**
 * {@link FileStore} on local disk, rooted at `root` (DESIGN.md: `DATA_DIR/files`).
 * A key `floors/x/plan.png` is the file `<root>/floors/x/plan.png`. Writes go to a
 * temporary file in the same directory, are flushed, then renamed over the target, so a
 * failed or interrupted upload never leaves a partial file under a real key.
 */
export class LocalFileStore implements FileStore {
  private readonly root: string;

  /** @param root directory holding the files; created on first write. */
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /**
   * Absolute path of `key` inside the root.
   * @throws InvalidFileKeyError for an unsafe key, or (defence in depth) any key that
   * would still resolve outside the root.
   */
  pathOf(key: string): string {
    const resolved = path.resolve(this.root, ...fileKeySegments(key));
    if (!resolved.startsWith(this.root + path.sep)) {
      throw new InvalidFileKeyError(key, 'outside the store');
    }
    return resolved;
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const handle = await open(temp, 'wx', 0o640);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isErrnoCode(error, 'ENOENT', 'ENOTDIR', 'EISDIR')) return null;
      throw error;
    }
    // Size comes from the open descriptor, so a concurrent replace cannot mismatch it.
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return null;
    }
    return { stream: handle.createReadStream({ autoClose: true }), size: stats.size };
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isErrnoCode(error, 'ENOENT', 'ENOTDIR')) throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    const folder = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
    await rm(this.pathOf(folder), { recursive: true, force: true });
  }
}
