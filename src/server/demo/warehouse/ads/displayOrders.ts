import { addDays } from '../calendar.js';
import { marketplaceTraffic } from '../marketCalendar.js';
import type { Rng } from '../prng.js';
import type { RowSink } from '../rowSink.js';
import { type AdCampaign, type AdModel, adIdBase } from './adModel.js';

const PLACEMENTS = ['Homepage Banner', 'Category Page', 'Product Page', 'Search Top'] as const;

export interface ReleaseOrder {
  roId: number;
  roNumber: string;
  campaign: AdCampaign;
  startDate: string;
  endDate: string;
  bookedBudget: number;
  bookedImpressions: number;
  /** INR per thousand impressions. */
  cpm: number;
  placements: readonly string[];
}

/**
 * Display is bought by release order (RO): a booked budget and impressions over a flight of two to
 * four weeks, delivered through one display campaign on two placements. One to three ROs per own
 * brand and channel over the ad period, the last of them live today.
 */
export function buildReleaseOrders(
  ad: AdModel,
  groupId: number,
  dates: readonly string[],
  today: string,
  rng: Rng,
): ReleaseOrder[] {
  const orders: ReleaseOrder[] = [];
  let roId = adIdBase.ro(groupId);
  let campaignId = Math.max(...ad.campaigns.map((c) => c.campaignId), adIdBase.campaign(groupId)) + 1000;
  for (const { brand, channelId, msBrandId } of ad.brands) {
    for (let n = rng.int(1, 3); n > 0; n--) {
      const drawn = dates[rng.int(0, Math.max(0, dates.length - 10))]!;
      // The last order of each brand and channel is live today (started 7-13 days ago, a flight
      // of 14+ days), so display's current week has a flight to compare, as a running account has.
      const start = n === 1 ? addDays(today, -(7 + (roId % 7))) : drawn;
      const end = addDays(start, rng.int(14, 30) - 1);
      const cpm = 120 + rng.int(0, 130);
      const bookedImpressions = rng.int(4, 30) * 50_000;
      const campaign: AdCampaign = {
        campaignId: ++campaignId,
        name: `${channelId === 1 ? 'AMZ' : 'FK'} | ${brand.name} | Display ${start.slice(5)}`,
        channelId,
        msBrandId,
        brand,
        type: 'Display',
        targeting: 'Manual',
        dailyBudget: 0,
        status: end < today ? 'Paused' : 'Enabled',
        startDate: start,
      };
      ad.campaigns.push(campaign);
      roId++;
      orders.push({
        roId,
        roNumber: `RO-${groupId}-${String(roId % 10_000).padStart(4, '0')}`,
        campaign,
        startDate: start,
        endDate: end,
        bookedBudget: Math.round((bookedImpressions / 1000) * cpm),
        bookedImpressions,
        cpm,
        placements: rng.sample(PLACEMENTS, 2),
      });
    }
  }
  return orders;
}

export function roStatus(ro: ReleaseOrder, today: string): string {
  if (ro.startDate > today) return 'Booked';
  return ro.endDate < today ? 'Completed' : 'Live';
}

/**
 * A live RO's day: booked impressions paced over the flight, under- or over-delivering a little,
 * and more on the marketplaces' sale days (marketCalendar.ts): the ad server fills the extra
 * traffic, and deal-hunting buyers convert better.
 */
export function emitDisplayDay(
  sink: RowSink,
  groupId: number,
  date: string,
  ro: ReleaseOrder,
  rng: Rng,
): void {
  if (date < ro.startDate || date > ro.endDate) return;
  const flightDays = Math.round((Date.parse(ro.endDate) - Date.parse(ro.startDate)) / 86_400_000) + 1;
  const busier = Math.sqrt(marketplaceTraffic(date));
  for (const [i, placement] of ro.placements.entries()) {
    const share = i === 0 ? 0.6 : 0.4;
    const booked = Math.round((ro.bookedImpressions / flightDays) * share);
    const impressions = Math.round(booked * busier * (0.75 + 0.45 * rng.next()));
    const viewable = Math.round(impressions * (0.55 + 0.2 * rng.next()));
    const clicks = rng.poisson(impressions * (0.0018 + 0.002 * rng.next()));
    const orders = Math.min(clicks, rng.poisson(clicks * 0.035 * busier));
    const price = 60 + rng.int(0, 240);
    sink.push('fact_display_daily', [
      groupId,
      date,
      ro.campaign.channelId,
      ro.roId,
      ro.campaign.campaignId,
      ro.campaign.brand.brandId,
      0,
      placement,
      booked,
      impressions,
      viewable,
      clicks,
      Math.round((impressions / 1000) * ro.cpm * 100) / 100,
      orders,
      orders * price,
    ]);
  }
}
