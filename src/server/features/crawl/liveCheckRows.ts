import type { PageOutcome } from './crawlTypes.js';
import type { FieldValue } from './extractFields.js';

/** When a live check happened, in India time (the hours the ad facts use). */
export interface CheckMoment {
  date: string;
  hour: number;
  /** HH:MM */
  time: string;
}

const IST = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The hour and time of `now` in IST, on the run's day (the group's crawl day). */
export function checkMoment(date: string, now: Date): CheckMoment {
  const time = IST.format(now);
  return { date, hour: Number(time.slice(0, 2)), time };
}

/** What the loader knows of a listed product besides its page. */
export interface LiveListing {
  catalogueMrp: number;
}

export interface LiveRows {
  rows: unknown[][];
  rejected: { outcome: PageOutcome; reason: string }[];
}

function num(value: FieldValue | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * fact_live_check rows from extracted pages: stock status, price, MRP (the catalogue's when the
 * page hides it, as the product crawl does) and whether one of the group's authorised sellers holds
 * the buy box (null when no seller does). A page without a valid status, or in stock without a
 * valid price, is rejected with its reason.
 */
export function buildLiveRows(
  outcomes: readonly PageOutcome[],
  listings: ReadonlyMap<number, LiveListing>,
  ownSellers: ReadonlySet<string>,
  slice: { groupId: number; channelId: number; runId: number; at: CheckMoment },
): LiveRows {
  const out: LiveRows = { rows: [], rejected: [] };
  for (const outcome of outcomes) {
    if (!outcome.ok) continue;
    const listing = listings.get(outcome.input.productId);
    const status = num(outcome.fields.stock_status);
    const price = num(outcome.fields.selling_price);
    const reason = !listing
      ? 'listing is not on the live-tracking list'
      : status === null || ![0, 1, 2].includes(status)
        ? 'stock status missing or unknown'
        : status === 1 && (price === null || price <= 0 || price > 10_000_000)
          ? 'selling price missing or not valid'
          : null;
    if (reason !== null) {
      out.rejected.push({ outcome, reason });
      continue;
    }
    const shown = status === 2 ? null : price;
    const seller = String(outcome.fields.buy_box_seller ?? '')
      .trim()
      .toLowerCase();
    out.rows.push([
      slice.groupId,
      slice.at.date,
      slice.at.hour,
      slice.at.time,
      slice.runId,
      slice.channelId,
      outcome.input.productId,
      outcome.input.cityId,
      status,
      shown,
      shown === null ? null : (num(outcome.fields.mrp) ?? listing!.catalogueMrp),
      seller === '' ? null : ownSellers.has(seller) ? 1 : 0,
    ]);
  }
  return out;
}
