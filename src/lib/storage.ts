/**
 * Guarded access to `localStorage` and `sessionStorage`. Storage can be missing
 * (server render, tests) or throw (private mode, quota); every failure is logged and
 * read as "nothing stored" so callers never crash on it (SPEC.md section 9 "Storage").
 */
import { logger } from './logger';

type Area = 'local' | 'session';

function area(kind: Area): Storage | null {
  try {
    return kind === 'local' ? globalThis.localStorage ?? null : globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Returns the stored string under `key`, or null when absent or unreadable. */
export function readItem(key: string, kind: Area = 'local'): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch (error) {
    logger.error(`Could not read ${key} from ${kind} storage`, error);
    return null;
  }
}

/** Stores `value` under `key`; failures are logged, never thrown. */
export function writeItem(key: string, value: string, kind: Area = 'local'): void {
  try {
    area(kind)?.setItem(key, value);
  } catch (error) {
    logger.error(`Could not write ${key} to ${kind} storage`, error);
  }
}

/** Removes `key`; failures are logged, never thrown. */
export function removeItem(key: string, kind: Area = 'local'): void {
  try {
    area(kind)?.removeItem(key);
  } catch (error) {
    logger.error(`Could not remove ${key} from ${kind} storage`, error);
  }
}

/** Parses the JSON stored under `key`; null when absent or not valid JSON. */
export function readJson(key: string, kind: Area = 'local'): unknown {
  const raw = readItem(key, kind);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Returns the value of cookie `name`, or null when not set. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Sets cookie `name` for the whole site, kept `maxAgeSeconds` seconds. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}
