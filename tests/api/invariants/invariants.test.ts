/**
 * Metric invariants between the numbers of each screen, over the real server and the demo tenant.
 * Two seeds keep the checks honest about the generator (no invariant may hold by one seed's luck):
 * seed 42 on the embedded engines (`npm test`), seed 7 on PostgreSQL (`API_TEST_PG=1`, .ci/run),
 * so CI proves both seeds and both engines while building each market once.
 */
import { afterAll, beforeAll, describe, vi } from 'vitest';
import { SLOW } from './slow.js';
import { categoryInvariants } from './categoryInvariants.js';
import { commonDaysInvariants } from './commonDaysInvariants.js';
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

const SEEDS = process.env.API_TEST_PG === '1' ? [7] : [42];
// The cases without a timeout of their own take the default, stretched as SLOW says.
vi.setConfig({ testTimeout: 60_000 * SLOW });

describe.each(SEEDS)('demo market of seed %i', (seed) => {
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
  commonDaysInvariants(market);
});
