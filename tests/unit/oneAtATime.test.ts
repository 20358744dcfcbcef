import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../server/images/oneAtATime';

describe('oneAtATime', () => {
  it('runs jobs one after another in queue order, and a failed job does not stop the next', async () => {
    const run = oneAtATime();
    const log: string[] = [];
    let running = 0;
    const job = (name: string, fail = false) => async () => {
      running++;
      log.push(`start ${name} (${running} running)`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([run(job('a')), run(job('b', true)), run(job('c'))]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a', 'b', 'c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['start a (1 running)', 'end a', 'start b (1 running)', 'end b', 'start c (1 running)', 'end c']);
  });
});
