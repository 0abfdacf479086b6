import type { ServerFeature } from '../../platform/feature.js';
import { dataPlugin } from './dataPlugin.js';

/** The screens' config, data, suggestion and export calls. */
export const monitoringFeature: ServerFeature = { name: 'monitoring', routes: dataPlugin };
