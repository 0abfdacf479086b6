import { queueRoutesOf, type ServerFeature } from '../../platform/feature.js';
import { registerOperationsScreenRoutes } from './operationsScreenRoutes.js';

/** The process-monitor and crawl-status screens' reads. */
export const operationsFeature: ServerFeature = {
  name: 'operations',
  routes: queueRoutesOf(registerOperationsScreenRoutes),
};
