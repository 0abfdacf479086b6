import type { ServerFeature } from '../../platform/feature.js';
import { healthRoutes } from './healthRoutes.js';

/** GET /healthz (the process answers) and GET /readyz (every part reachable, the numbers final). */
export const healthFeature: ServerFeature = { name: 'health', rootRoutes: healthRoutes };
