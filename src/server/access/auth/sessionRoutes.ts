import { PLATFORM_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { MethodNotAllowedError, UnauthorizedError } from '../../../shared/errors.js';
import { MSG } from '../../../shared/auth/accessRules.js';
import { deleteSession } from '../../platform/store/sessionRepo.js';
import { findUserById, setUserNumberStyle } from '../../platform/store/userRepo.js';
import { isNumberStyle, NUMBER_STYLES, type NumberStyle } from '../../../shared/format/index.js';
import { accept, acceptedAt } from '../../platform/store/agreementRepo.js';
import { clearSessionCookie } from './cookies.js';
import { requireSession, requireUser } from './guards.js';
import { buildMenu } from './menu.js';
import { configForGroup } from '../../language/config/overlay/configForGroup.js';
import { crawlDates } from './crawlDates.js';
import { AGREEMENT_HTML, AGREEMENT_VERSION } from './agreementText.js';
import { success } from './reply.js';
import type { Agreement, SessionCheck, UserInfo } from '../../../shared/auth/accessTypes.js';
import type { AuthKit } from './kit.js';
import { answers, noBody } from '../../platform/http/schemaKit.js';
import { ViewSettingsRepo } from '../../platform/store/viewSettingsRepo.js';

export const APP_VERSION = '0.0.1';

const numberStyleBody = {
  type: 'object',
  required: ['number_style'],
  additionalProperties: false,
  properties: { number_style: { type: 'string', enum: Object.keys(NUMBER_STYLES) } },
} as const;

/** Session check, logout, the user's info and menu, agreement, last crawl dates. */
export function sessionRoutes(kit: AuthKit): FastifyPluginCallback {
  const { store, env, config } = kit.deps;
  const viewSettings = new ViewSettingsRepo(store.db);
  /** No input beyond the session cookie; the answer is the envelope. */
  const plain = { schema: { response: answers() } };
  return (app, _opts, done) => {
    app.get('/processmonitor/sessionvalidity', plain, (request) => {
      const auth = request.auth;
      const session = request.loginSession;
      if (!auth || !session) throw new UnauthorizedError(MSG.unauthorizedUser);
      const body: SessionCheck = {
        userId: auth.userId,
        loginTime: session.created_at.toISOString(),
        groupId: auth.groupId,
        readMode: auth.readMode !== null,
      };
      return success(body, 'Success', { userId: body.userId, loginTime: body.loginTime });
    });

    // A state change, so POST behind the CSRF check: a GET could be fired by any page (an <img>).
    app.post('/logout', { schema: { body: noBody, response: answers() } }, async (request, reply) => {
      if (request.loginSession) await deleteSession(store.db, request.loginSession.id);
      clearSessionCookie(reply, env);
      return success({});
    });
    // The spec lists `GET logout`: answered, but it changes nothing. 405 rather than a redirect to
    // the login page, which would tell the caller it was logged out while the session lives on.
    app.get('/logout', plain, (_request, reply) => {
      void reply.header('Allow', 'POST');
      throw new MethodNotAllowedError('Log out with POST');
    });

    const userInfo = async (request: FastifyRequest) => {
      const auth = requireUser(request);
      const user = await findUserById(store.db, auth.userId);
      if (!user) throw new UnauthorizedError(MSG.unauthorizedUser);
      const { updated_at: _changed, ...view } = await viewSettings.current(auth.groupId);
      const group = await store.db
        .selectFrom('groups')
        .select('group_name')
        .where('id', '=', auth.groupId)
        .executeTakeFirst();
      return success<UserInfo>({
        userName: user.user_name,
        firstName: user.first_name,
        lastName: user.last_name,
        ktrVersion: APP_VERSION,
        groupName: group?.group_name ?? '',
        groupId: auth.groupId,
        last_failed_login: user.last_failed_login?.toISOString() ?? null,
        last_success_login: user.last_success_login?.toISOString() ?? null,
        // The group's view settings (settings/viewchanges), else the spec's defaults.
        ...view,
        isStaff: PLATFORM_ACTIVITIES.every((a) => auth.activities.has(a)),
        numberStyle: isNumberStyle(user.number_style) ? user.number_style : null,
      });
    };
    // The spec lists both spellings of this path.
    app.get('/user_info', plain, userInfo);
    app.get('/user/info', plain, userInfo);

    // The user menu's number style, kept with the user: what the server writes for them (the
    // inbox's How text, their weekly case e-mail) follows it as the screens do.
    app.put<{ Body: { number_style: NumberStyle } }>(
      '/user/number_style',
      { schema: { body: numberStyleBody, response: answers() } },
      async (request) => {
        const auth = requireUser(request);
        await setUserNumberStyle(store.db, auth.userId, request.body.number_style);
        return success({ number_style: request.body.number_style }, 'Number style saved');
      },
    );

    app.get('/user/menu', plain, (request) => {
      const auth = requireSession(request);
      // The group's overlay renames and hides entries of its own menu only.
      return success(
        buildMenu(
          configForGroup(config, kit.deps.storedConfig, auth.groupId),
          auth.activities,
          auth.readMode?.screen,
        ),
      );
    });

    app.get('/info/getlastcrawltiming', plain, async (request) => {
      const auth = requireSession(request);
      return success(await crawlDates(kit, auth.groupId));
    });

    app.get('/agreement', plain, async (request) => {
      const auth = requireUser(request);
      const at = await acceptedAt(store.db, auth.userId, AGREEMENT_VERSION);
      return success<Agreement>({
        description: AGREEMENT_HTML,
        status: at ? 1 : null,
        version: AGREEMENT_VERSION,
        accepted_at: at?.toISOString() ?? null,
      });
    });

    app.put('/agreement', { schema: { body: noBody, response: answers() } }, async (request) => {
      const auth = requireUser(request);
      await accept(store.db, auth.userId, AGREEMENT_VERSION);
      return success({ status: 1 }, 'Agreement accepted');
    });
    done();
  };
}
