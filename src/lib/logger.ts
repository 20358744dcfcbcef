/**
 * The app's logger. SPEC.md section 9 sets the logging level to "error only", so this
 * module offers `error()` and nothing else; use it instead of `console.*` everywhere.
 */
export const logger = {
  /**
   * Writes an error line to the console.
   * @param message what failed, in words a maintainer can search for
   * @param details the caught error and any context worth keeping
   */
  error(message: string, ...details: unknown[]): void {
    console.error(`[floorwatch] ${message}`, ...details);
  },
};
