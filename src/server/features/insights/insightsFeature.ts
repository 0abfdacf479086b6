import { routesOf, type ServerFeature } from '../../platform/feature.js';
import { registerDrillRoute } from './drillRoute.js';
import { registerExplainRoute } from './explainRoute.js';

/**
 * "Why it moved": a KPI's change split over a dimension's members (GET /insights/explain), and
 * the rows behind a KPI or a chart point (GET /insights/drill).
 */
export const insightsFeature: ServerFeature = {
  name: 'insights',
  routes: routesOf(registerExplainRoute, registerDrillRoute),
};
