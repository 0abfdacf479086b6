import { describe, expect, it } from 'vitest';
import { FREE_FAILURES, MAX_PAUSE_SECONDS, pauseSeconds } from './accountBudget.js';

describe('pauseSeconds', () => {
  it('is free below the budget, then 30 s doubling per failure up to an hour', () => {
    expect(pauseSeconds(0)).toBe(0);
    expect(pauseSeconds(FREE_FAILURES - 1)).toBe(0);
    expect(pauseSeconds(FREE_FAILURES)).toBe(30);
    expect(pauseSeconds(FREE_FAILURES + 1)).toBe(60);
    expect(pauseSeconds(FREE_FAILURES + 3)).toBe(240);
    expect(pauseSeconds(FREE_FAILURES + 7)).toBe(MAX_PAUSE_SECONDS);
    expect(pauseSeconds(FREE_FAILURES + 50)).toBe(MAX_PAUSE_SECONDS);
  });
  it('keeps a day of code guessing far below the old ~100 per 5 minutes', () => {
    // Guesses in 24 h at the fastest pace the pauses allow.
    let failures = 0;
    let t = 0;
    while (t < 86_400) {
      failures += 1;
      t += pauseSeconds(failures);
    }
    expect(failures).toBeLessThan(60);
  });
});
