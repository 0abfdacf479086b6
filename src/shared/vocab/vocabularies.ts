/**
 * Status vocabularies of docs/product-spec.md §4 (and METRICS.md), code -> label and tone. The tone picks the
 * colour of every chip, band and chart series that shows the label (tones.ts): good is green, bad is red,
 * neutral is grey; info (blue) marks something under way and warn (amber) a middle band. A label means the
 * same tone in every vocabulary (vocabularies.test.ts).
 */
export type Tone = 'good' | 'bad' | 'warn' | 'info' | 'neutral';
export interface VocabEntry {
  readonly label: string;
  readonly tone: Tone;
}

export const STOCK_STATUS = {
  1: { label: 'In Stock', tone: 'good' },
  0: { label: 'Out Of Stock', tone: 'bad' },
  2: { label: 'Delisted', tone: 'neutral' },
} as const satisfies Record<number, VocabEntry>;

export const PROMO_OFFER_STATUS = {
  0: { label: 'Matched', tone: 'good' },
  2: { label: 'Not Matched', tone: 'bad' },
  3: { label: 'Running', tone: 'info' },
  // A planned offer the channel does not show: the brand is losing the promotion it paid for.
  1: { label: 'Missing', tone: 'bad' },
  4: { label: 'Other Offer', tone: 'neutral' },
} as const satisfies Record<number, VocabEntry>;

export const DETECTION_STATUS = {
  5: { label: 'Invalid', tone: 'bad' },
  // Not yet looked at: neither good nor bad.
  6: { label: 'Pending', tone: 'neutral' },
  7: { label: 'Completed', tone: 'good' },
  8: { label: 'In Progress', tone: 'info' },
} as const satisfies Record<number, VocabEntry>;

export const REPORT_DELIVERY_STATUS = {
  1: { label: 'Report Manager Success', tone: 'good' },
  2: { label: 'In Progress', tone: 'info' },
  3: { label: 'Report Delivered', tone: 'good' },
  4: { label: 'Delivery Failed', tone: 'bad' },
} as const satisfies Record<number, VocabEntry>;

export const PROCESS_STATUS = {
  1: { label: 'In Progress', tone: 'info' },
  2: { label: 'Success', tone: 'good' },
  3: { label: 'No Data', tone: 'neutral' },
  4: { label: 'Failed', tone: 'bad' },
  5: { label: 'Waiting', tone: 'neutral' },
  0: { label: 'Mismatch', tone: 'bad' },
  6: { label: 'Blocked', tone: 'bad' },
} as const satisfies Record<number, VocabEntry>;

export const VIOLATION_TYPE = {
  1: { label: 'Max', tone: 'bad' },
  2: { label: 'Min', tone: 'bad' },
  3: { label: 'Max Min', tone: 'bad' },
  4: { label: 'Satisfied', tone: 'good' },
  5: { label: 'NA', tone: 'neutral' },
} as const satisfies Record<number, VocabEntry>;

/** A group's (or any admin row's) status flag: 1 active, else in-active (docs/product-spec.md §4). */
export const ACTIVE_STATUS = {
  1: { label: 'Active', tone: 'good' },
  0: { label: 'In-Active', tone: 'neutral' },
} as const satisfies Record<number, VocabEntry>;

/** How an Athena-sync schema type is partitioned (the spec's is_monthly). */
export const PARTITIONING = {
  0: { label: 'Daily', tone: 'neutral' },
  1: { label: 'Monthly', tone: 'info' },
} as const satisfies Record<number, VocabEntry>;

export const PROMOTION_STATE = {
  running: { label: 'Running', tone: 'info' },
  planning: { label: 'Planning', tone: 'neutral' },
  completed: { label: 'Completed', tone: 'good' },
} as const satisfies Record<string, VocabEntry>;

export const ARCHIVE_FLAG = {
  true: { label: 'Archived', tone: 'neutral' },
  false: { label: 'Active', tone: 'good' },
} as const satisfies Record<string, VocabEntry>;

/** Whose product a row is (dim_product.is_competitor). */
export const OWNERSHIP = {
  0: { label: 'Own', tone: 'info' },
  1: { label: 'Competitor', tone: 'neutral' },
} as const satisfies Record<string, VocabEntry>;

/** Whether a channel listing is mapped to the product master (dim_product.mapping_status). */
export const MAPPING_STATUS = {
  1: { label: 'Mapped', tone: 'good' },
  0: { label: 'Not Mapped', tone: 'bad' },
  2: { label: 'Pending Review', tone: 'neutral' },
} as const satisfies Record<string, VocabEntry>;

/** Whether the brand authorised a seller (dim_seller.is_auth). */
export const SELLER_AUTHORISATION = {
  1: { label: 'Authorised', tone: 'good' },
  0: { label: 'Unauthorised', tone: 'bad' },
} as const satisfies Record<string, VocabEntry>;

/** Content score bands (METRICS.md): a low score is a listing that sells worse. */
export const CONTENT_BAND = {
  high: { label: 'High', tone: 'good' },
  medium: { label: 'Medium', tone: 'warn' },
  low: { label: 'Low', tone: 'bad' },
} as const satisfies Record<string, VocabEntry>;

/** A keyword the group marked as a favourite (dim_keyword.is_favourite, the spec's is_favourite). */
export const FAVOURITE_FLAG = {
  1: { label: 'Favourite', tone: 'info' },
  0: { label: 'No', tone: 'neutral' },
} as const satisfies Record<string, VocabEntry>;

/** A search result slot (fact_search.slot_type): paid for or earned, neither good nor bad. */
export const SLOT_TYPE = {
  organic: { label: 'Organic', tone: 'neutral' },
  sponsored: { label: 'Sponsored', tone: 'info' },
} as const satisfies Record<string, VocabEntry>;

/** Labels charts draw that are verdicts without a status code of their own. */
export const CHART_VERDICTS = {
  aboveMrp: { label: 'Above MRP', tone: 'bad' },
  violations: { label: 'Violations', tone: 'bad' },
  compliant: { label: 'Compliant', tone: 'good' },
  nonCompliant: { label: 'Non-compliant', tone: 'bad' },
} as const satisfies Record<string, VocabEntry>;

/** Vocabularies by the name a config uses. */
export const VOCABULARIES = {
  stock: STOCK_STATUS,
  promoOffer: PROMO_OFFER_STATUS,
  detection: DETECTION_STATUS,
  reportDelivery: REPORT_DELIVERY_STATUS,
  process: PROCESS_STATUS,
  processStatus: PROCESS_STATUS,
  violationType: VIOLATION_TYPE,
  mailer: ACTIVE_STATUS, // a report mailer's status is the same flag
  activeStatus: ACTIVE_STATUS,
  partitioning: PARTITIONING,
  promotion: PROMOTION_STATE,
  archive: ARCHIVE_FLAG,
  ownership: OWNERSHIP,
  mappingStatus: MAPPING_STATUS,
  sellerAuthorisation: SELLER_AUTHORISATION,
  contentBand: CONTENT_BAND,
  chartVerdict: CHART_VERDICTS,
  slotType: SLOT_TYPE,
  favourite: FAVOURITE_FLAG,
} as const;
export type VocabularyName = keyof typeof VOCABULARIES;
export const VOCABULARY_NAMES = Object.keys(VOCABULARIES) as VocabularyName[];

/** Entry for a raw code; unknown codes show as themselves in a neutral chip. */
export function vocabEntry(name: string, code: unknown): VocabEntry {
  const text =
    code === null || code === undefined ? '---' : typeof code === 'string' ? code : JSON.stringify(code);
  const vocab = (VOCABULARIES as Record<string, Record<string, VocabEntry>>)[name];
  return vocab?.[text] ?? { label: text, tone: 'neutral' };
}

/** Options of a vocabulary, for radio / checkbox filters (e.g. stock status). */
export function vocabOptions(name: VocabularyName): { key: string; name: string }[] {
  return Object.entries(VOCABULARIES[name] as Record<string, VocabEntry>).map(([key, e]) => ({
    key,
    name: e.label,
  }));
}
