import type { DemoBrand, DemoCategory, DemoListing } from './model.js';
import type { Rng } from './prng.js';
import type { RowSink } from './rowSink.js';
import { rankBucket } from '../../features/crawl/rankBuckets.js';

/** A listing as seen on one day, for the pages that rank listings against each other. */
export interface ShelfEntry {
  listing: DemoListing;
  units: number;
  /** In stock in at least one city: what a category page ranks (marketplaces list the rest after it). */
  inStock: boolean;
}

const RANK_DEPTH = 100;
const PAGE_SIZE = 20;
/** Category pages carry paid placements at these ranks. */
const SPONSORED_RANKS = new Set([3, 8]);

export function keysOf(groupId: number, date: string, e: ShelfEntry): unknown[] {
  const p = e.listing.product;
  return [
    groupId,
    date,
    e.listing.channel.channelId,
    p.productId,
    p.brand.brandId,
    p.category.categoryId,
    p.isCompetitor,
  ];
}

/** fact_category_rank and fact_banner of one category page on one channel (its best sellers: bestsellerDay.ts). */
export function emitCategoryDay(
  sink: RowSink,
  groupId: number,
  date: string,
  category: DemoCategory,
  channelId: number,
  entries: readonly ShelfEntry[],
  brands: readonly DemoBrand[],
  rng: Rng,
): void {
  // The crawl reads as many results as the page shows that day (sorting, filters, ads vary
  // it), so a category's own share and top-10 share move as brands gain and lose places.
  // Marketplaces' browse pages run deep (most of what is buyable, then the listings "currently
  // unavailable"), so their ranks pass 50; the grocery and quick-commerce apps show less.
  const marketplace = entries[0]?.listing.channel.kind === 'Marketplace';
  const buyable = entries.filter((e) => e.inStock);
  const shown = marketplace ? 0.85 + 0.15 * rng.next() : 0.55 + 0.35 * rng.next();
  const depth = Math.min(RANK_DEPTH, Math.max(10, Math.round(buyable.length * shown)));
  const ranked = buyable
    .map((e) => {
      const p = e.listing.product;
      return { e, score: p.popularity * Math.exp(p.brand.momentum + 0.35 * rng.normal()) };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, depth);
  if (marketplace) {
    const unavailable = entries
      .filter((e) => !e.inStock)
      .sort(
        (a, b) =>
          b.listing.product.popularity - a.listing.product.popularity ||
          a.listing.product.productId - b.listing.product.productId,
      );
    for (const e of unavailable.slice(0, RANK_DEPTH - ranked.length)) ranked.push({ e, score: 0 });
  }
  ranked.forEach(({ e }, i) => {
    const rank = i + 1;
    const slot = SPONSORED_RANKS.has(rank) ? 'sponsored' : 'organic';
    sink.push('fact_category_rank', [
      ...keysOf(groupId, date, e),
      rank,
      rankBucket(rank),
      Math.ceil(rank / PAGE_SIZE),
      slot,
    ]);
  });
  const labelBrands = brands.filter((b) => b.labelIndex === category.labelIndex);
  for (let position = 1; position <= 3; position++) {
    const brand = rng.pick(labelBrands);
    if (!rng.chance(brand.adIntensity)) continue;
    const title = `${brand.name} ${category.labelName} Days - up to ${rng.pick([20, 30, 40, 50])}% off`;
    sink.push('fact_banner', [
      groupId,
      date,
      channelId,
      category.categoryId,
      brand.brandId,
      brand.isCompetitor,
      position,
      title,
    ]);
  }
}
