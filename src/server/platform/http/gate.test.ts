import { describe, expect, it } from 'vitest';
import { EXPORTS_BUSY, exportQueue } from '../../features/monitoring/exportQueue.js';
import { Gate } from './gate.js';

/** A task that runs until released, recording how many ran at once. */
function gatedTasks() {
  let now = 0;
  let most = 0;
  const gates: (() => void)[] = [];
  const task = () => async () => {
    most = Math.max(most, ++now);
    await new Promise<void>((resolve) => gates.push(resolve));
    now--;
    return 'done';
  };
  const releaseAll = async () => {
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { task, releaseAll, most: () => most };
}

describe('Gate', () => {
  it('runs at most `running` at once, queues `waiting` more and refuses the rest with 429', async () => {
    const queue = exportQueue(2, 3);
    const { task, releaseAll, most } = gatedTasks();
    const accepted = Array.from({ length: 5 }, () => queue.run(task()));
    await new Promise((r) => setTimeout(r, 0));
    expect(queue.stats()).toEqual({ running: 2, waiting: 3 });
    await expect(queue.run(task())).rejects.toMatchObject({ status: 429, message: EXPORTS_BUSY });
    await releaseAll();
    expect(await Promise.all(accepted)).toEqual(Array(5).fill('done'));
    expect(most()).toBe(2);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a failed export', async () => {
    const queue = new Gate(1, 0, () => new Error('full'));
    await expect(queue.run(() => Promise.reject(new Error('query failed')))).rejects.toThrow('query failed');
    expect(await queue.run(() => Promise.resolve('next'))).toBe('next');
  });
});
