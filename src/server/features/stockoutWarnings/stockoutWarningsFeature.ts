import { routesOf, type ServerFeature } from '../../platform/feature.js';
import { registerWarningsRoute } from './warningsRoute.js';

/**
 * Quick-commerce stock-out early warning (docs/metrics.md): listing-cities whose dark-store share
 * falls to 0 within days, ranked by the rupees a day their stock-out would cost.
 */
export const stockoutWarningsFeature: ServerFeature = {
  name: 'stockoutWarnings',
  routes: routesOf(registerWarningsRoute),
};
