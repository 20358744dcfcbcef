import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

/** A fresh empty DATA_DIR under the system's temp folder, for loadConfig. */
export const tempDataDir = (): string => mkdtempSync(path.join(os.tmpdir(), 'floorwatch-config-'));

/**
 * The problems loadConfig reports for `env` (the whole environment it reads), one a line.
 * Fails the test when it throws anything but a ConfigError, or accepts the configuration.
 */
export function configProblems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems.join('\n');
  }
  return expect.unreachable('loadConfig accepted the configuration');
}
