import type { ServerFeature } from '../platform/feature.js';
import { healthFeature } from './health/healthFeature.js';
import { metricsFeature } from './metrics/metricsFeature.js';
import { backupFeature } from './backup/backupFeature.js';
import { adminFeature } from '../access/admin/adminFeature.js';
import { savedViewsFeature } from './savedViews/savedViewsFeature.js';
import { monitoringFeature } from './monitoring/monitoringFeature.js';
import { configEditorFeature } from './configEditor/configEditorFeature.js';
import { uploadsFeature } from './uploads/uploadsFeature.js';
import { reportsFeature } from './reports/reportsFeature.js';
import { reportMailersFeature } from './reportMailers/reportMailersFeature.js';
import { alertsFeature } from './alerts/alertsFeature.js';
import { casesFeature } from './cases/casesFeature.js';
import { writesFeature } from './writes/writesFeature.js';
import { crawlFeature } from './crawl/crawlFeature.js';
import { operationsFeature } from './operations/operationsFeature.js';
import { viewSettingsFeature } from './viewSettings/viewSettingsFeature.js';
import { trackingFeature } from './tracking/trackingFeature.js';
import { suggestionIndexFeature } from './suggestionIndex/suggestionIndexFeature.js';
import { slidesFeature } from './slides/slidesFeature.js';
import { amsSchemasFeature } from './amsSchemas/amsSchemasFeature.js';
import { insightsFeature } from './insights/insightsFeature.js';
import { stockoutWarningsFeature } from './stockoutWarnings/stockoutWarningsFeature.js';
import { confidenceFeature } from './confidence/confidenceFeature.js';
import { specPathsFeature } from './specPaths/specPathsFeature.js';
import { supportFeature } from './support/supportFeature.js';
import { microsoftSignInFeature } from './microsoftSignIn/microsoftSignInFeature.js';

/**
 * Every product capability of the server, in the order their routes are registered and their
 * jobs started. Adding a feature is its folder and one line here.
 */
export const FEATURES: readonly ServerFeature[] = uniqueByName([
  healthFeature,
  metricsFeature,
  backupFeature,
  adminFeature,
  savedViewsFeature,
  monitoringFeature,
  configEditorFeature,
  uploadsFeature,
  reportsFeature,
  reportMailersFeature,
  alertsFeature,
  casesFeature,
  writesFeature,
  crawlFeature,
  operationsFeature,
  viewSettingsFeature,
  trackingFeature,
  suggestionIndexFeature,
  slidesFeature,
  amsSchemasFeature,
  insightsFeature,
  stockoutWarningsFeature,
  confidenceFeature,
  specPathsFeature,
  supportFeature,
  microsoftSignInFeature,
]);

function uniqueByName(features: ServerFeature[]): ServerFeature[] {
  const seen = new Set<string>();
  for (const { name } of features) {
    if (seen.has(name)) throw new Error(`Two server features are named "${name}"`);
    seen.add(name);
  }
  return features;
}
