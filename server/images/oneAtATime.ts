/**
 * Runs async jobs strictly one after another, in the order they were queued. A job that
 * rejects does not stop the ones behind it; its caller gets the rejection.
 *
 * Why: a large plan's resize holds a libvips pipeline with tens of megabytes of buffers
 * and a thread of libuv's small pool; several uploads at once would multiply the memory
 * and starve other async work (file reads, crypto) of threads.
 */
export function oneAtATime(): <T>(job: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(job: () => Promise<T>): Promise<T> => {
    // `tail` never rejects (see below), so the job always runs after the previous one settles.
    const run = tail.then(job);
    tail = run.catch(() => undefined);
    return run;
  };
}
