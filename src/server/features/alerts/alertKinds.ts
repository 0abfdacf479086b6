/**
 * What an alert rule may watch (docs/jobs.md). The kinds, their labels and the default threshold
 * are shared by the rules API, the evaluator and the screen's rule form.
 */
export const ALERT_KINDS = {
  out_of_stock: { label: 'Own SKU out of stock in a city', threshold: null },
  price_violation: { label: 'Price violation / undercut', threshold: null },
  content_drop: { label: 'Content score drop (points)', threshold: 10 },
  search_rank_loss: { label: 'Lost page-1 search rank', threshold: null },
  low_rating_review: { label: 'New 1–2 star reviews', threshold: null },
  // The threshold is the robust z beyond which a day is an anomaly (features/alerts/anomaly).
  anomaly: { label: 'Anomaly on a measure (per member of a dimension)', threshold: 3.5 },
} as const;

export type AlertKind = keyof typeof ALERT_KINDS;
export const ALERT_KIND_IDS = Object.keys(ALERT_KINDS) as AlertKind[];

/** What an anomaly rule watches: a measure of a dataset, per member of one of its column dimensions. */
export interface AnomalyWatch {
  dataset: string;
  measure: string;
  by: string;
}

/** At most this many alerts per rule and evaluated day: a digest stays a handful, not a dump. */
export const MAX_ALERTS_PER_RULE = 3;
