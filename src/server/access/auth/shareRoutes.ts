import type { FastifyPluginCallback } from 'fastify';
import { SHARE_TOKEN_HEADER, VIEWER_HEADER } from './cookies.js';
import { requireUser } from './guards.js';
import {
  createShareLink,
  mayManageLink,
  resolveShareToken,
  revokeLink,
  startViewerSession,
  type NewShareLink,
} from './shareService.js';
import { listShareLinks } from '../../platform/store/shareLinkRepo.js';
import { success } from './reply.js';
import { idSchema, int32Schema } from '../../platform/http/ids.js';
import type { AuthKit } from './kit.js';
import type { SharedView } from '../../../shared/auth/accessTypes.js';
import { answers } from '../../platform/http/schemaKit.js';
import {
  SHARE_FILTERS_MAX,
  SHARE_FILTERS_PATTERN,
  SHARE_MAX_HOURS,
  shareLinkStatus,
  type ShareLinkItem,
} from '../../../shared/auth/shareLinks.js';

const screenSchema = { type: 'string', pattern: '^[\\w-]+/[\\w-]+$', maxLength: 200 } as const;

const createSchema = {
  type: 'object',
  required: ['view_id', 'menu_id', 'menu_name', 'screen'],
  additionalProperties: false,
  properties: {
    view_id: int32Schema,
    menu_id: int32Schema,
    menu_name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[\\w-]+$' },
    screen: screenSchema,
    expires_in_hours: { type: 'integer', minimum: 1, maximum: SHARE_MAX_HOURS },
    // The filter state as the address bar holds it: URL-query characters only, size-capped.
    filters: { type: 'string', maxLength: SHARE_FILTERS_MAX, pattern: SHARE_FILTERS_PATTERN },
  },
};

/** Read mode: share links (create, list, revoke), the viewer session call and token verification. */
export function shareRoutes(kit: AuthKit): FastifyPluginCallback {
  return (app, _opts, done) => {
    app.post<{ Body: NewShareLink }>(
      '/paxviz/token',
      { schema: { body: createSchema, response: answers() } },
      async (request) => {
        // Behind a proxy trusted by TRUST_PROXY, protocol and host are the forwarded ones.
        const origin = `${request.protocol}://${request.host}`;
        return success(await createShareLink(kit, requireUser(request), request.body, origin));
      },
    );

    // The group's links the caller may manage (mayManageLink), newest first; `screen` narrows them to
    // one screen (the Share dialog's list).
    app.get<{ Querystring: { screen?: string } }>(
      '/paxviz/token',
      {
        schema: {
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { screen: screenSchema },
          },
          response: answers({ type: 'array' }),
        },
      },
      async (request) => {
        const auth = requireUser(request);
        const links = (await listShareLinks(kit.deps.store.db, auth.groupId, request.query.screen)).filter(
          (link) => mayManageLink(auth, link),
        );
        const now = new Date();
        return success(
          links.map((link): ShareLinkItem => ({
            id: link.id,
            view_id: link.view_id,
            menu_id: link.menu_id,
            menu_name: link.menu_name,
            screen: link.screen,
            filters: link.filters,
            expires_at: new Date(link.expires_at).toISOString(),
            revoked_at: link.revoked_at ? new Date(link.revoked_at).toISOString() : null,
            created_at: new Date(link.created_at).toISOString(),
            status: shareLinkStatus(link, now),
          })),
        );
      },
    );

    app.post<{ Body: { id: number } }>(
      '/paxviz/token/revoke',
      {
        schema: {
          body: { type: 'object', required: ['id'], properties: { id: idSchema } },
          response: answers(),
        },
      },
      async (request) => {
        await revokeLink(kit, requireUser(request), request.body.id);
        return success({}, 'Share link revoked');
      },
    );

    // The viewer session call: share token in, viewer token out (header and body).
    app.get<{ Querystring: { token?: string } }>(
      '/pax-viz/session',
      {
        schema: {
          querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 2000 } } },
          response: answers(),
        },
      },
      async (request, reply) => {
        const header = request.headers[SHARE_TOKEN_HEADER];
        const link = await resolveShareToken(kit, typeof header === 'string' ? header : request.query.token);
        const viewerToken = await startViewerSession(kit, link);
        void reply.header(VIEWER_HEADER, viewerToken);
        return {
          ...success({ viewer_token: viewerToken, view_id: link.view_id, menu_id: link.menu_id }),
          message: 'Success',
        };
      },
    );

    app.post<{ Body: { token?: string } }>(
      '/paxviz/tokenVerify',
      {
        schema: {
          body: { type: 'object', properties: { token: { type: 'string', maxLength: 2000 } } },
          response: answers(),
        },
      },
      async (request) => {
        const link = await resolveShareToken(kit, request.body?.token);
        const group = await kit.deps.store.db
          .selectFrom('groups')
          .select(['id', 'group_name'])
          .where('id', '=', link.group_id)
          .executeTakeFirst();
        const body: SharedView = {
          menu_name: link.menu_name,
          view_id: link.view_id,
          group_id: link.group_id,
          user_id: link.created_by,
          menu_id: link.menu_id,
          screen: link.screen,
          filters: link.filters,
          group: group ? { group_id: group.id, group_name: group.group_name } : null,
        };
        return success(body, 'Success', body);
      },
    );
    done();
  };
}
