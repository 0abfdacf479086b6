import { round2, VARIATION_BAND_NAMES, variationBand, violationType } from './priceRules.js';
import type { PageOutcome } from './crawlTypes.js';
import type { FieldValue } from './extractFields.js';
import type { ListingContext } from './listingContext.js';

export interface FactRows {
  stock: unknown[][];
  price: unknown[][];
  /** Pages that were fetched but whose fields do not make a valid observation. */
  rejected: { outcome: PageOutcome; reason: string }[];
}

function num(value: FieldValue): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Checks one page's fields; the reason names the first field that makes no sense. */
function check(fields: Record<string, FieldValue>, ctx: ListingContext | undefined) {
  if (!ctx) return { reason: 'listing is not tracked on this channel' } as const;
  const status = num(fields.stock_status ?? null);
  if (status === null || ![0, 1, 2].includes(status))
    return { reason: 'stock status missing or unknown' } as const;
  const total = num(fields.stores_total ?? 0) ?? 0;
  const inStock = num(fields.stores_in_stock ?? 0) ?? 0;
  if (
    !Number.isInteger(total) ||
    !Number.isInteger(inStock) ||
    total < 0 ||
    inStock < 0 ||
    inStock > total ||
    total > 32767
  ) {
    return { reason: 'dark-store counts are not valid' } as const;
  }
  if (status === 2) return { status, total, inStock, price: null, mrp: null } as const;
  const price = num(fields.selling_price ?? null);
  if (price === null || price <= 0 || price > 10_000_000)
    return { reason: 'selling price missing or not valid' } as const;
  // A page without the struck-through MRP sells at MRP or hides it: the catalogue MRP stands.
  const mrp = num(fields.mrp ?? null) ?? ctx.catalogueMrp;
  if (mrp <= 0) return { reason: 'MRP not valid' } as const;
  return { status, total, inStock, price, mrp } as const;
}

/**
 * fact_stock and fact_price rows from extracted pages, with the columns the generator derives
 * (discount, variation band, violation type) computed by the same rules. One page gives both of
 * its rows or neither.
 */
export function buildFactRows(
  outcomes: readonly PageOutcome[],
  listings: ReadonlyMap<number, ListingContext>,
  groupId: number,
  channelId: number,
  date: string,
): FactRows {
  const out: FactRows = { stock: [], price: [], rejected: [] };
  for (const outcome of outcomes) {
    if (!outcome.ok) continue;
    const ctx = listings.get(outcome.input.productId);
    const v = check(outcome.fields, ctx);
    if ('reason' in v) {
      out.rejected.push({ outcome, reason: v.reason! });
      continue;
    }
    const c = ctx!;
    const keys = [
      groupId,
      date,
      channelId,
      outcome.input.cityId,
      c.productId,
      c.brandId,
      c.categoryId,
      c.isCompetitor,
    ];
    const share = v.total === 0 || v.status === 2 ? null : v.inStock / v.total;
    // on_promo and prev_crawl_date: set at the load
    out.stock.push([...keys, v.status, v.total, v.inStock, share, 0, null]);
    if (v.price === null || v.mrp === null) continue;
    const reference = c.referencePrice ?? v.mrp;
    const variationPct = round2(((v.price - reference) / reference) * 100);
    const band = variationBand(variationPct);
    out.price.push([
      ...keys,
      v.mrp,
      v.price,
      round2(((v.mrp - v.price) / v.mrp) * 100),
      reference,
      c.ruleMin,
      c.ruleMax,
      violationType(v.price, v.mrp, c.ruleMin, c.ruleMax, false),
      v.price > v.mrp ? 1 : 0,
      variationPct,
      band,
      VARIATION_BAND_NAMES[band - 1],
      0,
    ]);
  }
  return out;
}
