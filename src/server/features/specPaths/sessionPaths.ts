import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { requireSession, requireUser } from '../../access/auth/guards.js';
import { buildMenu } from '../../access/auth/menu.js';
import { listSchema } from './specPathSchemas.js';
import './faqsTable.js';

/**
 * The signed-in user's own lists: auth/activity (the activities their role grants in the chosen
 * group), user/menu/list (the menu user/menu answers, from the same builder) and user/faqs/list.
 */
export function registerSessionPaths(app: FastifyInstance): void {
  app.get(
    '/auth/activity',
    { schema: listSchema("The activities the signed-in user's role grants in the group") },
    (request) => {
      const auth = requireUser(request);
      return ok({ activities: [...auth.activities].sort() });
    },
  );

  app.get('/user/menu/list', { schema: listSchema('The user menu (as user/menu)') }, (request) => {
    const auth = requireSession(request);
    return ok(buildMenu(app.deps.config.current(), auth.activities, auth.readMode?.screen));
  });

  app.get('/user/faqs/list', { schema: listSchema('The help page FAQ, in order') }, async (request) => {
    requireSession(request);
    const rows = await app.deps.store.db
      .selectFrom('faqs')
      .select(['id', 'question', 'answer', 'position'])
      .orderBy('position')
      .orderBy('id')
      .execute();
    return ok(rows);
  });
}
