import { describe, expect, it } from 'vitest';
import { runStatusLabel } from './runStatusLabel.js';

describe('runStatusLabel', () => {
  it('capitalises each word of a stored run status; leaves absent values and labels alone', () => {
    expect(runStatusLabel('requested')).toBe('Requested');
    expect(runStatusLabel('in_progress')).toBe('In Progress');
    expect(runStatusLabel('in progress')).toBe('In Progress');
    expect(runStatusLabel('Never Synced')).toBe('Never Synced');
    expect(runStatusLabel(null)).toBeNull();
  });
});
