import { describe, expect, it } from 'vitest';
import {
  CRAWL_TYPES,
  failedMessage,
  finishedStatus,
  LIVE_TRACKING_CRAWL,
  PROCESS_STATUS,
  PROCESS_STATUS_NAMES,
  TRIGGER_TYPE,
  TRIGGER_TYPE_NAMES,
} from './crawlVocabulary.js';

describe('crawl vocabularies (spec §4, §9)', () => {
  it('crawling types: 3 Custom, 0 Default, 4 Scheduled, 5 Live Tracking', () => {
    expect(Object.fromEntries(CRAWL_TYPES.map((t) => [t.id, t.name]))).toEqual({
      0: 'Default',
      3: 'Custom',
      4: 'Scheduled',
      5: 'Live Tracking',
    });
    expect(CRAWL_TYPES.find((t) => t.id === LIVE_TRACKING_CRAWL)?.name).toBe('Live Tracking');
  });

  it('triggers: product pages 0, search 1, display 2', () => {
    expect(TRIGGER_TYPE).toEqual({ productPages: 0, search: 1, display: 2 });
    expect(TRIGGER_TYPE_NAMES).toEqual({ 0: 'Product Pages', 1: 'Search', 2: 'Display' });
  });

  it('process status 1 In Progress, 2 Success, 3 No Data, 4 Failed, 5 Waiting, 0 Mismatch (and 6 Blocked)', () => {
    expect(PROCESS_STATUS).toEqual({
      mismatch: 0,
      inProgress: 1,
      success: 2,
      noData: 3,
      failed: 4,
      waiting: 5,
      blocked: 6,
    });
    expect(PROCESS_STATUS_NAMES).toEqual({
      1: 'In Progress',
      2: 'Success',
      3: 'No Data',
      4: 'Failed',
      5: 'Waiting',
      0: 'Mismatch',
      6: 'Blocked',
    });
  });

  it('a finished run: Blocked outranks No Data and Mismatch; the message names the blocked pages', () => {
    const run = (rowsLoaded: number, failed: number, blocked: number) =>
      PROCESS_STATUS_NAMES[finishedStatus({ rowsLoaded, failed, blocked })];
    expect([run(10, 0, 0), run(10, 2, 0), run(0, 2, 0), run(10, 2, 1), run(0, 3, 3)]).toEqual([
      'Success',
      'Mismatch',
      'No Data',
      'Blocked',
      'Blocked',
    ]);
    expect(failedMessage({ pages: 40, failed: 5, blocked: 3 })).toBe('3 of 40 pages blocked, 2 failed');
    expect(failedMessage({ pages: 40, failed: 3, blocked: 3 })).toBe('3 of 40 pages blocked');
    expect(failedMessage({ pages: 40, failed: 2, blocked: 0 })).toBe('2 of 40 pages failed');
  });
});
