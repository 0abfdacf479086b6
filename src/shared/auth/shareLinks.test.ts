import { describe, expect, it } from 'vitest';
import {
  mayShareScreen,
  SHARE_EXPIRY_CHOICES,
  SHARE_MAX_HOURS,
  shareLinkStatus,
  shareMenuName,
} from './shareLinks.js';

describe('shareLinkStatus', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('is live before its expiry, expired from it on', () => {
    expect(shareLinkStatus({ expires_at: '2026-11-25T12:00:01Z', revoked_at: null }, now)).toBe('live');
    expect(shareLinkStatus({ expires_at: '2026-11-25T12:00:00Z', revoked_at: null }, now)).toBe('expired');
  });
  it('is revoked once revoked, whether or not it has expired since', () => {
    const revoked_at = new Date('2026-11-24T00:00:00Z');
    expect(shareLinkStatus({ expires_at: '2026-12-01T00:00:00Z', revoked_at }, now)).toBe('revoked');
    expect(shareLinkStatus({ expires_at: '2026-11-24T01:00:00Z', revoked_at }, now)).toBe('revoked');
  });
});

describe('share link choices', () => {
  it('offers nothing past the 90-day cap', () => {
    expect(Math.max(...SHARE_EXPIRY_CHOICES.map((c) => c.hours))).toBe(SHARE_MAX_HOURS);
  });
  it('makes a menu name the create route accepts', () => {
    expect(shareMenuName('stock/kpi')).toBe('stock-kpi');
    expect(shareMenuName('ams-historical-bid/bid-history')).toMatch(/^[\w-]+$/);
  });
});

describe('share menu names and admin screens', () => {
  it('runs of other characters become one dash; at most 100 characters', () => {
    expect(shareMenuName('stock/kpi')).toBe('stock-kpi');
    expect(shareMenuName('a / b')).toBe('a-b');
    expect(shareMenuName('x'.repeat(150))).toHaveLength(100);
  });

  it('admin screens may not be shared, others may', () => {
    expect(mayShareScreen('user/users')).toBe(false);
    expect(mayShareScreen('stock/kpi')).toBe(true);
  });
});
