import type { Rng } from '../prng.js';
import type { RowSink } from '../rowSink.js';
import type { AdTarget } from './adModel.js';

/** ACoS above which the bid rule steps a keyword down (percent). */
const TARGET_ACOS = 35;

/**
 * Bid changes of the day: a rule engine (and now and then a person) reviews each keyword about
 * once a week — lowering bids that spend above the target ACoS, raising bids that win few
 * impressions yet sell — and each change is a row of fact_ad_bid.
 */
export function emitBidChanges(
  sink: RowSink,
  groupId: number,
  date: string,
  targets: readonly AdTarget[],
  rng: Rng,
): void {
  for (const t of targets) {
    if (!rng.chance(0.14)) continue;
    const acos = t.recentSales > 0 ? (t.recentSpend / t.recentSales) * 100 : t.recentSpend > 0 ? Infinity : 0;
    let factor: number;
    let reason: string;
    if (acos > TARGET_ACOS) {
      factor = 1 - (0.08 + 0.17 * rng.next());
      reason = 'Rule: ACoS above target';
    } else if (t.bid < t.marketCpc && acos < TARGET_ACOS * 0.6) {
      factor = 1 + (0.08 + 0.14 * rng.next());
      reason = 'Rule: low impression share';
    } else {
      factor = 1 + (rng.next() - 0.5) * 0.3;
      reason = 'Manual';
    }
    const newBid = Math.max(1, Math.round(t.bid * factor * 100) / 100);
    if (newBid === t.bid) continue;
    const hh = String(rng.int(8, 20)).padStart(2, '0');
    const mm = String(rng.int(0, 59)).padStart(2, '0');
    const c = t.campaign;
    sink.push('fact_ad_bid', [
      groupId,
      date,
      `${hh}:${mm}`,
      c.channelId,
      c.msBrandId,
      c.campaignId,
      t.adGroupId,
      t.keyword.keywordId,
      t.matchType,
      c.brand.brandId,
      t.bid,
      newBid,
      Math.round(((newBid - t.bid) / t.bid) * 10000) / 100,
      newBid > t.bid ? 1 : 0,
      reason,
    ]);
    t.bid = newBid;
  }
}
