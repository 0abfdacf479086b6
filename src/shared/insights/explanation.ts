/** The `GET /insights/explain` answer (src/server/features/insights; docs/metrics.md). */
export interface Explanation {
  measure: string;
  by: string;
  current: number | null;
  previous: number | null;
  change: number | null;
  method: 'additive' | 'rateMix' | 'priceVolume';
  period: { start: string; end: string };
  previousPeriod: { start: string; end: string };
  contributions: {
    key: string;
    label: string;
    effect: 'member' | 'rate' | 'mix' | 'price' | 'volume' | 'entered' | 'left' | 'others';
    value: number;
  }[];
}
