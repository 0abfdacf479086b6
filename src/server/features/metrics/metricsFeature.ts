import type { ServerFeature } from '../../platform/feature.js';
import { metricsPlugin } from './metricsPlugin.js';

/** GET /metrics for Prometheus, behind METRICS_TOKEN (off when it is empty). */
export const metricsFeature: ServerFeature = { name: 'metrics', rootRoutes: metricsPlugin };
