/** Crawl vocabularies of spec §4 and §9. */
export const CRAWL_TYPES = [
  { id: 0, name: 'Default' },
  { id: 3, name: 'Custom' },
  { id: 4, name: 'Scheduled' },
  { id: 5, name: 'Live Tracking' },
] as const;

/** The crawl type ids a group may take (the group forms' choices; route schemas accept these only). */
export const CRAWL_TYPE_IDS: readonly number[] = CRAWL_TYPES.map((t) => t.id);

/** Crawl type 5: a check of the live-tracking list's product pages only. */
export const LIVE_TRACKING_CRAWL = 5;

/** The process monitor's triggers (spec §5: search 1, display 2); 0 is the product-page crawl. */
export const TRIGGER_TYPE = { productPages: 0, search: 1, display: 2 } as const;

export const TRIGGER_TYPE_NAMES: Readonly<Record<number, string>> = {
  [TRIGGER_TYPE.productPages]: 'Product Pages',
  [TRIGGER_TYPE.search]: 'Search',
  [TRIGGER_TYPE.display]: 'Display',
};

export const PROCESS_STATUS = {
  mismatch: 0,
  inProgress: 1,
  success: 2,
  noData: 3,
  failed: 4,
  waiting: 5,
  /** Finished, but some pages stayed behind a bot wall: the day misses their coverage. */
  blocked: 6,
} as const;

export const PROCESS_STATUS_NAMES: Readonly<Record<number, string>> = {
  1: 'In Progress',
  2: 'Success',
  3: 'No Data',
  4: 'Failed',
  5: 'Waiting',
  0: 'Mismatch',
  6: 'Blocked',
};

/**
 * A finished run's status: No Data when nothing loaded (and no page was blocked), Blocked when a
 * page stayed behind a bot wall (missing coverage outranks other gaps), Mismatch when pages failed
 * otherwise, else Success.
 */
export function finishedStatus(counts: { rowsLoaded: number; failed: number; blocked: number }): number {
  if (counts.blocked > 0) return PROCESS_STATUS.blocked;
  if (counts.rowsLoaded === 0) return PROCESS_STATUS.noData;
  return counts.failed > 0 ? PROCESS_STATUS.mismatch : PROCESS_STATUS.success;
}

/** The run message's count of failed pages, naming the blocked ones. */
export function failedMessage(counts: { pages: number; failed: number; blocked: number }): string {
  if (counts.failed === 0) return '';
  const other = counts.failed - counts.blocked;
  if (counts.blocked === 0) return `${counts.failed} of ${counts.pages} pages failed`;
  return `${counts.blocked} of ${counts.pages} pages blocked${other > 0 ? `, ${other} failed` : ''}`;
}
