import { routesOf, type ServerFeature } from '../../platform/feature.js';
import { registerViewSettingsRoutes } from './viewSettingsRoutes.js';

/** A group's view settings (currency sign, number style). */
export const viewSettingsFeature: ServerFeature = {
  name: 'viewSettings',
  routes: routesOf(registerViewSettingsRoutes),
};
