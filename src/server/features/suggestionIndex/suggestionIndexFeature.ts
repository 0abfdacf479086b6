import { queueRoutesOf, type ServerFeature } from '../../platform/feature.js';
import { registerElasticRoutes } from './elasticRoutes.js';
import { registerElasticRunner } from './elasticJob.js';

/** The suggestion index ("elastic" in the spec): its rebuild runs and their job. */
export const suggestionIndexFeature: ServerFeature = {
  name: 'suggestionIndex',
  routes: queueRoutesOf(registerElasticRoutes),
  start: registerElasticRunner,
};
