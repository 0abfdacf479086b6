import { routesOf, type ServerFeature } from '../../platform/feature.js';
import { registerCaseRoutes } from './caseRoutes.js';
import { registerCaseRunner } from './caseJobs.js';
import * as casesMigration from './casesMigration.js';
import './casesTable.js';

/** The action inbox: cases of the config's case rules after every load, ranked by rupees at stake. */
export const casesFeature: ServerFeature = {
  name: 'cases',
  routes: routesOf(registerCaseRoutes),
  start: registerCaseRunner,
  migrations: Object.freeze({ '520_cases': casesMigration }),
};
