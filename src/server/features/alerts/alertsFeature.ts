import { routesOf, type ServerFeature } from '../../platform/feature.js';
import { registerAlertRoutes } from './alertRoutes.js';
import { registerAlertRunner } from './alertJobs.js';
import * as anomalyRulesMigration from './anomalyRulesMigration.js';

/** Alert rules, their evaluation after loads and the daily digest. */
export const alertsFeature: ServerFeature = {
  name: 'alerts',
  routes: routesOf(registerAlertRoutes),
  start: registerAlertRunner,
  migrations: Object.freeze({ '490_anomaly_alert_rules': anomalyRulesMigration }),
};
