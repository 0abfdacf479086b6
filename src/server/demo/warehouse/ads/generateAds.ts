import { dateRange, weekday } from '../calendar.js';
import type { GroupModel } from '../model.js';
import type { Rng } from '../prng.js';
import type { RowSink } from '../rowSink.js';
import { emitCampaignDay } from './adDay.js';
import { type AdTarget, buildAdModel } from './adModel.js';
import { emitBidChanges } from './bidDay.js';
import { buildReleaseOrders, emitDisplayDay, roStatus } from './displayOrders.js';

/** Days of ads the demo writes (at least; more when the shelf period is longer). */
export const AD_DAYS = 60;
/** Days of hourly rows (real-time tracking reads today; two weeks give a same-weekday compare). */
const HOURLY_DAYS = 14;
/** Days of hourly rows per advertised listing (live tracking reads today; yesterday to compare). */
export const ASIN_HOURLY_DAYS = 2;
/** Paused campaigns stopped serving this many days before the end. */
const PAUSED_DAYS = 10;

/**
 * The tenant's advertising on Amazon and Flipkart: campaigns, daily keyword x product facts,
 * hourly campaign facts for the last two weeks, bid changes and display release orders.
 * Writes rows only; the shelf flags (out of stock, organic page 1, price violation) are derived
 * from the shelf facts after the load (deriveAdShelfFlags).
 */
export async function generateAds(
  sink: RowSink,
  model: GroupModel,
  endDate: string,
  days: number,
  rng: Rng,
): Promise<void> {
  const dates = dateRange(endDate, Math.max(AD_DAYS, days));
  const ad = buildAdModel(model, dates[0]!, rng.fork(1));
  const ros = buildReleaseOrders(ad, model.groupId, dates, endDate, rng.fork(2));
  const byCampaign = new Map<number, AdTarget[]>();
  for (const t of ad.targets) {
    const list = byCampaign.get(t.campaign.campaignId) ?? [];
    list.push(t);
    byCampaign.set(t.campaign.campaignId, list);
  }
  for (const [dayIndex, date] of dates.entries()) {
    const dayRng = rng.fork(100 + dayIndex);
    const ctx = {
      sink,
      groupId: model.groupId,
      date,
      weekday: weekday(date),
      withHours: dayIndex >= dates.length - HOURLY_DAYS,
      withAsinHours: dayIndex >= dates.length - ASIN_HOURLY_DAYS,
      rng: dayRng,
    };
    for (const c of ad.campaigns) {
      if (c.status === 'Paused' && dayIndex >= dates.length - PAUSED_DAYS) continue;
      const targets = byCampaign.get(c.campaignId);
      if (targets) emitCampaignDay(ctx, c, targets);
    }
    emitBidChanges(sink, model.groupId, date, ad.targets, dayRng);
    for (const ro of ros) emitDisplayDay(sink, model.groupId, date, ro, dayRng);
    await sink.flushIfFull();
  }
  const g = model.groupId;
  for (const b of ad.brands) {
    sink.push('dim_ams_brand', [
      g,
      b.channelId,
      b.msBrandId,
      b.brand.brandId,
      `${b.brand.name} (${b.channelId === 1 ? 'Amazon' : 'Flipkart'})`,
      1,
    ]);
  }
  for (const c of ad.campaigns) {
    sink.push('dim_ad_campaign', [
      g,
      c.campaignId,
      c.name,
      c.channelId,
      c.msBrandId,
      c.brand.brandId,
      c.type,
      c.targeting,
      c.dailyBudget,
      c.status,
      c.startDate,
    ]);
  }
  for (const a of ad.adGroups) sink.push('dim_ad_group', [g, a.adGroupId, a.campaignId, a.name]);
  for (const ro of ros) {
    sink.push('dim_display_ro', [
      g,
      ro.roId,
      ro.roNumber,
      ro.campaign.channelId,
      ro.campaign.brand.brandId,
      ro.startDate,
      ro.endDate,
      ro.bookedBudget,
      ro.bookedImpressions,
      roStatus(ro, endDate),
    ]);
  }
}
