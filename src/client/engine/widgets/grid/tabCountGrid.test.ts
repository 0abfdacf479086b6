import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ScreenConfig } from '../../../../shared/config.gen.js';
import { tabCountGridId } from './tabCountGrid.js';

const screenFile = (area: string, id: string) =>
  JSON.parse(readFileSync(`screens/${area}/${id}.screen.json`, 'utf8')) as ScreenConfig;

describe('tabCountGridId', () => {
  it('picks the first grid of the widgets list, never a later empty one', () => {
    const widgets = [
      { kind: 'form', id: 'add' },
      { kind: 'grid', id: 'runs' },
      { kind: 'grid', id: 'history' },
    ] as ScreenConfig['widgets'];
    expect(tabCountGridId({ widgets })).toBe('runs');
    expect(tabCountGridId({ widgets: [] })).toBeUndefined();
  });

  // The operations screens with two or three grids count the list an admin reads, not a totals
  // strip: Report Delivery counts its deliveries, Crawl its recent runs, View Changes its values.
  it.each([
    ['processmonitor', 'report_delivery', 'deliveries'],
    ['processmonitor', 'crawl', 'recent'],
    ['processmonitor', 'initiate_crawling_logs', 'pages'],
    ['settings', 'viewchanges', 'current'],
  ])('%s/%s counts %s', (area, id, grid) => {
    expect(tabCountGridId(screenFile(area, id))).toBe(grid);
  });
});
