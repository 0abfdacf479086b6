import { routesOf, type ServerFeature } from '../../platform/feature.js';
import { registerConfidenceRoute } from './confidenceRoute.js';

/**
 * The confidence of every number (docs/metrics.md, Confidence): a KPI tile's coverage (pages
 * expected vs loaded), exclusions (blocked and failed pages) and freshness (last load).
 */
export const confidenceFeature: ServerFeature = {
  name: 'confidence',
  routes: routesOf(registerConfidenceRoute),
};
