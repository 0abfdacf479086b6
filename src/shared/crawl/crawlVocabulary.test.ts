import { describe, expect, it } from 'vitest';
import {
  CRAWL_TYPES,
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

  it('process status 1 In Progress, 2 Success, 3 No Data, 4 Failed, 5 Waiting, 0 Mismatch', () => {
    expect(PROCESS_STATUS).toEqual({
      mismatch: 0,
      inProgress: 1,
      success: 2,
      noData: 3,
      failed: 4,
      waiting: 5,
    });
    expect(PROCESS_STATUS_NAMES).toEqual({
      1: 'In Progress',
      2: 'Success',
      3: 'No Data',
      4: 'Failed',
      5: 'Waiting',
      0: 'Mismatch',
    });
  });
});
