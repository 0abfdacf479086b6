import { routesOf, type ServerFeature } from '../../platform/feature.js';
import { registerExplainRoute } from './explainRoute.js';

/** "Why it moved": a KPI's change split over a dimension's members (GET /insights/explain). */
export const insightsFeature: ServerFeature = { name: 'insights', routes: routesOf(registerExplainRoute) };
