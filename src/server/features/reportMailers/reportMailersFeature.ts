import { queueRoutesOf, type ServerFeature } from '../../platform/feature.js';
import { registerMailerRoutes } from './mailerRoutes.js';
import { registerMailerRunner } from './mailerSchedule.js';
import * as attemptOwner from './migrations/610_mailer_attempt_owner.js';

/** Report mailers: scheduled deliveries by e-mail, SFTP, FTP and Azure. */
export const reportMailersFeature: ServerFeature = {
  name: 'reportMailers',
  routes: queueRoutesOf(registerMailerRoutes),
  start: registerMailerRunner,
  migrations: Object.freeze({ '610_mailer_attempt_owner': attemptOwner }),
};
