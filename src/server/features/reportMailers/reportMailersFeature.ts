import { queueRoutesOf, type ServerFeature } from '../../platform/feature.js';
import { registerMailerRoutes } from './mailerRoutes.js';
import { registerMailerRunner } from './mailerSchedule.js';

/** Report mailers: scheduled deliveries by e-mail, SFTP, FTP and Azure. */
export const reportMailersFeature: ServerFeature = {
  name: 'reportMailers',
  routes: queueRoutesOf(registerMailerRoutes),
  start: registerMailerRunner,
};
