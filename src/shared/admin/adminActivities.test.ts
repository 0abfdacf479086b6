import { describe, expect, it } from 'vitest';
import { isAdminActivity } from './adminActivities.js';

describe('admin activities', () => {
  it('recognises the admin areas’ urls only', () => {
    expect(isAdminActivity('user/users')).toBe(true);
    expect(isAdminActivity('role/roles')).toBe(true);
    expect(isAdminActivity('stock/kpi')).toBe(false);
    expect(isAdminActivity('Users')).toBe(false);
  });
});
