/**
 * Shapes of sponsored-search traffic (Amazon Ads conventions, public benchmarks for Indian FMCG):
 * tighter match types convert better, shoppers search in the evening and at weekends, and a
 * brand's own-name terms are cheap and convert best.
 */
export type MatchType = 'Exact' | 'Phrase' | 'Broad' | 'Auto';

/** Click-through and conversion rates per match type (before keyword and noise factors). */
export const MATCH_RATES: Readonly<Record<MatchType, { ctr: number; cvr: number; reach: number }>> = {
  Exact: { ctr: 0.009, cvr: 0.12, reach: 0.9 },
  Phrase: { ctr: 0.0065, cvr: 0.095, reach: 1 },
  Broad: { ctr: 0.0045, cvr: 0.07, reach: 1.25 },
  Auto: { ctr: 0.0038, cvr: 0.075, reach: 0.8 },
};

/** Share of a day's searches per hour 0-23: night trough, lunch bump, evening peak (sums to 1). */
const HOUR_WEIGHTS = [
  1.2, 0.7, 0.45, 0.35, 0.35, 0.6, 1.3, 2.6, 3.6, 4.2, 4.7, 5.1, 5.6, 5.5, 5.0, 4.8, 4.9, 5.3, 6.1, 7.0, 7.6,
  7.4, 5.6, 3.3,
];
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
export const HOUR_SHARE: readonly number[] = HOUR_WEIGHTS.map((w) => w / HOUR_TOTAL);

/** Searches by weekday, 0 Sunday .. 6 Saturday: weekends and Monday evening shop most. */
export const WEEKDAY_FACTOR: readonly number[] = [1.22, 1.04, 0.93, 0.9, 0.92, 0.98, 1.18];

/** What one click costs the market for a keyword type (INR), before the product's price level. */
export const MARKET_CPC: Readonly<Record<string, number>> = {
  Generic: 7,
  'My Brand': 2.5,
  'Competition Brand': 9,
  'Synonyms & Misspell': 4.5,
  'Occasion Specific': 6,
};

/** Keyword types where the brand's own name makes shoppers click and buy more. */
export const BRAND_TERM_LIFT: Readonly<Record<string, number>> = {
  'My Brand': 2.2,
  'Competition Brand': 0.6,
};

/**
 * Share of eligible impressions won at a bid relative to the market CPC: saturating, so doubling
 * a bid well above the market buys little more reach.
 */
export function impressionShareAt(bidRatio: number): number {
  return Math.min(0.85, Math.max(0.03, 0.75 * (1 - Math.exp(-1.1 * bidRatio))));
}

/**
 * Fraction of a campaign's day it could serve before its daily budget ran out, and the hour it
 * ran out (24 = never): spend accrues with the hour curve, so caps land in the evening peak.
 */
export function budgetCutoff(demandSpend: number, budget: number): { served: number[]; cappedFrom: number } {
  const served = new Array<number>(24).fill(0);
  let spent = 0;
  for (let h = 0; h < 24; h++) {
    const hourSpend = demandSpend * HOUR_SHARE[h]!;
    if (spent + hourSpend <= budget) {
      served[h] = 1;
      spent += hourSpend;
      continue;
    }
    served[h] = hourSpend > 0 ? Math.max(0, (budget - spent) / hourSpend) : 0;
    return { served, cappedFrom: h };
  }
  return { served, cappedFrom: 24 };
}
