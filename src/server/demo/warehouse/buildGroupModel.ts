import { buildCatalog } from './buildCatalog.js';
import { buildListings, buildSellers } from './buildListings.js';
import type { DemoProduct, GroupModel } from './model.js';
import type { DemoChannel, DemoCity } from './places.js';
import type { Rng } from './prng.js';
import type { Theme } from './themes.js';
import { planLifecycles } from './lifecycle.js';

/** Each own SKU is watched against one to three rival SKUs of its category. */
function competitorPairs(products: readonly DemoProduct[], rng: Rng): [number, number][] {
  const pairs: [number, number][] = [];
  for (const own of products.filter((p) => p.isCompetitor === 0)) {
    const rivals = products.filter((p) => p.isCompetitor === 1 && p.category === own.category);
    for (const rival of rng.sample(rivals, rng.int(1, 3))) pairs.push([own.productId, rival.productId]);
  }
  return pairs;
}

export function buildGroupModel(
  group: { groupId: number; name: string },
  theme: Theme,
  skus: number,
  channels: readonly DemoChannel[],
  cities: readonly DemoCity[],
  dates: readonly string[],
  rng: Rng,
): GroupModel {
  const catalog = buildCatalog(group.groupId, theme, skus, rng.fork(1), dates[0]!);
  // A seed from a fork: the parent stream is not advanced, so every other draw stays as it was.
  planLifecycles(catalog.products, catalog.brands, dates, rng.fork(5).int(0, 2 ** 31));
  const sellers = buildSellers(group.groupId, channels, rng.fork(2));
  const listings = buildListings(
    group.groupId,
    catalog.products,
    channels,
    cities,
    sellers,
    dates,
    rng.fork(3),
  );
  return {
    ...group,
    ...catalog,
    listings,
    sellers,
    competitorPairs: competitorPairs(catalog.products, rng.fork(4)),
  };
}
