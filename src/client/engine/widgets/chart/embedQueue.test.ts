import { describe, expect, it } from 'vitest';
import { enqueueEmbed } from './embedQueue.js';

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 50));
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await settle();
}

describe('enqueueEmbed', () => {
  it('runs each chart in a task of its own, in order: the next never joins the previous one', async () => {
    const seen: string[] = [];
    for (const name of ['a', 'b', 'c'])
      enqueueEmbed(() => {
        seen.push(name);
        // Work a chart's embed leaves in its own task's microtasks stays before the next chart.
        queueMicrotask(() => seen.push(`${name} microtask`));
        return Promise.resolve();
      });
    expect(seen).toEqual([]); // not in the caller's task (React's commit)
    await until(() => seen.length === 6);
    expect(seen).toEqual(['a', 'a microtask', 'b', 'b microtask', 'c', 'c microtask']);
  });

  it('drops a cancelled chart and keeps going after a failed one', async () => {
    const seen: string[] = [];
    enqueueEmbed(() => Promise.reject(new Error('bad spec')));
    enqueueEmbed(() => Promise.resolve(seen.push('dropped'))).cancel();
    enqueueEmbed(() => Promise.resolve(seen.push('drawn')));
    await until(() => seen.length > 0);
    await settle();
    expect(seen).toEqual(['drawn']);
  });
});
