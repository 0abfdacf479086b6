/** Crawl vocabularies of spec §4 and §9. */
export const CRAWL_TYPES = [
  { id: 0, name: 'Default' },
  { id: 3, name: 'Custom' },
  { id: 4, name: 'Scheduled' },
  { id: 5, name: 'Live Tracking' },
] as const;

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
} as const;

export const PROCESS_STATUS_NAMES: Readonly<Record<number, string>> = {
  1: 'In Progress',
  2: 'Success',
  3: 'No Data',
  4: 'Failed',
  5: 'Waiting',
  0: 'Mismatch',
};
