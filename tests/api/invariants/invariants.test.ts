/**
 * Metric invariants (issue 17 §1) between the numbers of each screen, over the real server and
 * the demo tenant of two seeds; `API_TEST_PG=1` runs the same on PostgreSQL.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { categoryInvariants } from './categoryInvariants.js';
import { contentInvariants } from './contentInvariants.js';
import { exportInvariants } from './exportInvariants.js';
import { gridRowInvariants } from './gridRowInvariants.js';
import { startMarket, type Market } from './market.js';
import { priceInvariants } from './priceInvariants.js';
import { promoInvariants } from './promoInvariants.js';
import { reviewInvariants } from './reviewInvariants.js';
import { screenInvariants } from './screenInvariants.js';
import { stockInvariants } from './stockInvariants.js';
import { stockPromoInvariants } from './stockPromoInvariants.js';
import { tagInvariants } from './tagInvariants.js';

describe.each([42, 7])('demo market of seed %i', (seed) => {
  let m: Market | undefined;
  beforeAll(async () => {
    m = await startMarket(seed);
  }, 240_000);
  afterAll(async () => m?.close());
  const market = () => m!;
  priceInvariants(market);
  promoInvariants(market);
  stockInvariants(market);
  stockPromoInvariants(market);
  categoryInvariants(market);
  contentInvariants(market);
  reviewInvariants(market);
  screenInvariants(market);
  exportInvariants(market);
  gridRowInvariants(market);
  tagInvariants(market);
});
