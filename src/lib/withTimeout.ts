/**
 * Runs `run` with an abort signal that fires after `timeoutMs`; when the time runs out
 * the work is aborted and `fallback` is returned instead (SPEC.md section 8: "Timeout
 * loading a building's floors skips that building with an empty list").
 *
 * @param run the work; it should pass the signal on to its fetch.
 * @param timeoutMs milliseconds before giving up (SPEC.md section 9: 10 000 for floors).
 * @param fallback what a timed-out run resolves to.
 * @param outer an enclosing signal (e.g. TanStack Query's); aborting it rejects, as usual.
 * @returns the work's result, or `fallback` after the timeout.
 * @throws whatever `run` throws before the timeout, and the outer signal's abort reason.
 */
export function withTimeoutFallback<T>(
  run: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  fallback: T,
  outer?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
      action();
    };
    // Resolve at the deadline even when `run` ignores its signal and never settles.
    const timer = setTimeout(() => {
      finish(() => resolve(fallback));
      controller.abort(new DOMException('Timed out', 'TimeoutError'));
    }, timeoutMs);
    const onOuterAbort = () => {
      finish(() => reject(outer?.reason));
      controller.abort(outer?.reason);
    };
    if (outer?.aborted) {
      onOuterAbort();
      return;
    }
    outer?.addEventListener('abort', onOuterAbort);
    run(controller.signal).then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}
