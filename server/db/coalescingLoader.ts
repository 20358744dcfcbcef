/**
 * Loads by key in groups (like DataLoader, without its cache): a key asked for while a
 * load is running waits, and every key that waited is loaded by the next single call of
 * `loadMany`. Alone, a key is loaded at once. Each answer is read when asked, never
 * reused, so it is as fresh as a query of its own. (The webhook receiver's connection
 * lookups: one query instead of one per delivery under load.)
 * @param loadMany loads the given distinct keys; a key missing from the map resolves undefined
 * @returns `load(key)`, rejecting with what `loadMany` threw for its group
 */
export function coalescingLoader<K, V>(loadMany: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let waiting = new Map<K, { resolve(value: V | undefined): void; reject(error: unknown): void }[]>();
  let running = false;

  async function run(): Promise<void> {
    running = true;
    while (waiting.size > 0) {
      const group = waiting;
      waiting = new Map();
      try {
        const found = await loadMany([...group.keys()]);
        for (const [key, callers] of group) for (const caller of callers) caller.resolve(found.get(key));
      } catch (error) {
        for (const callers of group.values()) for (const caller of callers) caller.reject(error);
      }
    }
    running = false;
  }

  return (key) =>
    new Promise((resolve, reject) => {
      const callers = waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!running) void run();
    });
}
