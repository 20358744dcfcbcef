import { mkdtemp, mkdir, readdir, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidFileKeyError, fileKeySegments } from '../../server/files/fileStore';
import { LocalFileStore } from '../../server/files/localFileStore';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Every file under `dir`, relative, recursively (temporary files included). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

let base: string;
let root: string;
let store: LocalFileStore;

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'floorwatch-files-'));
  root = path.join(base, 'files');
  store = new LocalFileStore(root);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('LocalFileStore', () => {
  it('stores, reads back with its size, and replaces a file', async () => {
    const data = Buffer.from('first version of the plan');
    await store.put('floors/f1/plan.png', data, 'image/png');
    const stored = await store.get('floors/f1/plan.png');
    expect(stored).not.toBeNull();
    expect(stored?.size).toBe(data.length);
    expect(await readAll(stored!.stream)).toEqual(data);
    expect(await readFile(path.join(root, 'floors', 'f1', 'plan.png'))).toEqual(data);

    await store.put('floors/f1/plan.png', Buffer.from('v2'), 'image/png');
    const replaced = await store.get('floors/f1/plan.png');
    expect(replaced?.size).toBe(2);
    expect((await readAll(replaced!.stream)).toString()).toBe('v2');
  });

  it('resolves null for a missing file, including under a missing folder or at a folder', async () => {
    expect(await store.get('floors/none/plan.png')).toBeNull();
    await store.put('floors/f1/plan.png', Buffer.from('x'), 'image/png');
    expect(await store.get('floors/f1')).toBeNull();
    expect(await store.get('floors/f1/plan.png/deeper')).toBeNull();
  });

  it('keeps serving the old bytes to a reader that opened before a replace', async () => {
    const old = Buffer.alloc(256 * 1024, 1);
    await store.put('buildings/b1/map.png', old, 'image/png');
    const opened = await store.get('buildings/b1/map.png');
    await store.put('buildings/b1/map.png', Buffer.alloc(10, 2), 'image/png');
    expect(await readAll(opened!.stream)).toEqual(old);
  });

  it('deletes a file, and deleting a missing file is not an error', async () => {
    await store.put('floors/f1/a.png', Buffer.from('a'), 'image/png');
    await store.delete('floors/f1/a.png');
    expect(await store.get('floors/f1/a.png')).toBeNull();
    await expect(store.delete('floors/f1/a.png')).resolves.toBeUndefined();
    await expect(store.delete('never/was/here.png')).resolves.toBeUndefined();
  });

  it('deletes every file under a folder prefix and nothing beside it', async () => {
    await store.put('floors/ab/1.png', Buffer.from('1'), 'image/png');
    await store.put('floors/ab/old/2.svg', Buffer.from('2'), 'image/svg+xml');
    await store.put('floors/abc/3.png', Buffer.from('3'), 'image/png');
    await store.put('floors/ab.png', Buffer.from('4'), 'image/png');
    await store.deletePrefix('floors/ab');
    expect(await listFiles(root)).toEqual([path.join('floors', 'ab.png'), path.join('floors', 'abc', '3.png')]);
    await store.put('floors/abc/4.png', Buffer.from('4'), 'image/png');
    await store.deletePrefix('floors/abc/');
    expect(await store.get('floors/abc/3.png')).toBeNull();
    await expect(store.deletePrefix('floors/missing')).resolves.toBeUndefined();
  });

  it('leaves neither a partial file nor a temporary file when a write fails', async () => {
    // A directory sits where the file should go, so the final rename must fail.
    await mkdir(path.join(root, 'floors', 'f1', 'plan.png'), { recursive: true });
    await writeFile(path.join(root, 'floors', 'f1', 'plan.png', 'keep.txt'), 'keep');
    await expect(store.put('floors/f1/plan.png', Buffer.alloc(1024, 7), 'image/png')).rejects.toThrow();
    expect(await listFiles(root)).toEqual([path.join('floors', 'f1', 'plan.png', 'keep.txt')]);
  });

  it('ends concurrent writes of one key with one whole version and no temporary files', async () => {
    const versions = [1, 2, 3, 4, 5].map((n) => Buffer.alloc(64 * 1024, n));
    await Promise.all(versions.map((data) => store.put('floors/f1/plan.png', data, 'image/png')));
    const stored = await readAll((await store.get('floors/f1/plan.png'))!.stream);
    expect(versions.some((data) => data.equals(stored))).toBe(true);
    expect(await listFiles(root)).toEqual([path.join('floors', 'f1', 'plan.png')]);
  });

  const unsafeKeys: Array<[string, string]> = [
    ['../outside.png', 'parent segment at the start'],
    ['floors/../../outside.png', 'parent segment inside'],
    ['floors/..', 'parent segment at the end'],
    ['/etc/passwd', 'absolute path'],
    ['floors\\..\\..\\outside.png', 'backslashes'],
    ['floors/f1/plan.png\u0000.txt', 'NUL'],
    ['floors/f1/\nplan.png', 'newline'],
    ['C:/Windows/win.ini', 'drive letter'],
    ['floors//plan.png', 'empty segment'],
    ['floors/./plan.png', 'dot segment'],
    ['floors/.plan.png.abc.tmp', 'hidden segment'],
    ['', 'empty key'],
  ];

  it.each(unsafeKeys)('rejects the key %j (%s) in every method and touches nothing', async (key) => {
    const outside = path.join(base, 'outside.png');
    await writeFile(outside, 'outside');
    await expect(store.put(key, Buffer.from('evil'), 'image/png')).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.deletePrefix(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    expect(await readFile(outside, 'utf8')).toBe('outside');
  });

  it('refuses to delete the whole store with an empty or root prefix', async () => {
    await store.put('floors/f1/plan.png', Buffer.from('x'), 'image/png');
    await expect(store.deletePrefix('')).rejects.toBeInstanceOf(InvalidFileKeyError);
    await expect(store.deletePrefix('/')).rejects.toBeInstanceOf(InvalidFileKeyError);
    expect(await store.get('floors/f1/plan.png')).not.toBeNull();
  });
});

describe('fileKeySegments', () => {
  it('splits a safe key, allowing dots, spaces and non-ASCII inside names', () => {
    expect(fileKeySegments('floors/1b9d/plan-2024.v2.png')).toEqual(['floors', '1b9d', 'plan-2024.v2.png']);
    expect(fileKeySegments('buildings/b/Plan étage 1.png')).toEqual(['buildings', 'b', 'Plan étage 1.png']);
  });
});
