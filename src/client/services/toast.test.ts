import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS, toast, toasts } from './toast.js';

afterEach(() => {
  vi.useRealTimers();
  toasts.items = [];
});

describe('toasts', () => {
  it('puts the newest on top, prevents duplicates and closes after 3000 ms', () => {
    vi.useFakeTimers();
    toast('error', 'Wrong Credentials');
    toast('error', 'Wrong Credentials');
    toast('success', 'Password Updated Successfully!!');
    expect(toasts.items.map((t) => t.message)).toEqual([
      'Password Updated Successfully!!',
      'Wrong Credentials',
    ]);
    expect(TOAST_MS).toBe(3000);
    vi.advanceTimersByTime(3000);
    expect(toasts.items).toEqual([]);
  });
});
