import type { ServerFeature } from './feature.js';
import { savedViewsFeature } from '../views/savedViewsFeature.js';
import { monitoringFeature } from '../data/monitoringFeature.js';
import { configEditorFeature } from '../editor/configEditorFeature.js';
import { uploadsFeature } from '../uploads/uploadsFeature.js';
import { reportsFeature } from '../reports/reportsFeature.js';
import { reportMailersFeature } from '../mailers/reportMailersFeature.js';
import { alertsFeature } from '../alerts/alertsFeature.js';
import { writesFeature } from '../mutations/writesFeature.js';
import { crawlFeature } from '../crawl/crawlFeature.js';
import { operationsFeature } from '../operations/operationsFeature.js';
import { viewSettingsFeature } from '../viewSettings/viewSettingsFeature.js';
import { trackingFeature } from '../tracking/trackingFeature.js';
import { suggestionIndexFeature } from '../elastic/suggestionIndexFeature.js';
import { slidesFeature } from '../paxviz/slidesFeature.js';
import { amsSchemasFeature } from '../ams/amsSchemasFeature.js';
import { insightsFeature } from './insights/insightsFeature.js';

/**
 * Every product capability of the server, in the order their routes are registered and their
 * jobs started. Adding a feature is its folder and one line here.
 */
export const FEATURES: readonly ServerFeature[] = uniqueByName([
  savedViewsFeature,
  monitoringFeature,
  configEditorFeature,
  uploadsFeature,
  reportsFeature,
  reportMailersFeature,
  alertsFeature,
  writesFeature,
  crawlFeature,
  operationsFeature,
  viewSettingsFeature,
  trackingFeature,
  suggestionIndexFeature,
  slidesFeature,
  amsSchemasFeature,
  insightsFeature,
]);

function uniqueByName(features: ServerFeature[]): ServerFeature[] {
  const seen = new Set<string>();
  for (const { name } of features) {
    if (seen.has(name)) throw new Error(`Two server features are named "${name}"`);
    seen.add(name);
  }
  return features;
}
