import { describe, expect, it } from 'vitest';
import { nextTask, takeTurn } from './chartTurns.js';

describe('chart turns', () => {
  it('gives one chart the turn at a time, in order, each in a task of its own', async () => {
    const log: string[] = [];
    const a = takeTurn().then((done) => {
      log.push('a');
      return done;
    });
    const b = takeTurn().then((done) => {
      log.push('b');
      return done;
    });
    // Not in the caller's task: the turn starts in a later one.
    expect(log).toEqual([]);
    const doneA = await a;
    await nextTask();
    await nextTask();
    expect(log).toEqual(['a']); // b waits until a is done
    doneA();
    doneA(); // a second release does not start a third chart early
    const doneB = await b;
    expect(log).toEqual(['a', 'b']);
    doneB();
  });

  it('a chart released without drawing (unmounted, failed) does not stop the ones after it', async () => {
    const first = await takeTurn();
    const second = takeTurn();
    first();
    const done = await second;
    done();
    const third = await takeTurn();
    third();
  });
});
