import { routesOf, type ServerFeature } from '../../platform/feature.js';
import { registerTrackingRoutes } from './trackingRoutes.js';

/** Change tracking and the internal tools' reads. */
export const trackingFeature: ServerFeature = {
  name: 'tracking',
  routes: routesOf(registerTrackingRoutes),
};
