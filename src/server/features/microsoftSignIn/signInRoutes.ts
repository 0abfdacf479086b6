import type { FastifyInstance, FastifyReply } from 'fastify';
import { NotFoundError, ServiceUnavailableError, UnauthorizedError } from '../../../shared/errors.js';
import { MICROSOFT_MSG } from '../../../shared/auth/microsoftSignIn.js';
import { groupsOfUser } from '../../platform/store/accessRepo.js';
import { answers, noBody } from '../../platform/http/schemaKit.js';
import { SESSION_COOKIE, setSessionCookie } from '../../access/auth/cookies.js';
import { beginLogin } from '../../access/auth/loginService.js';
import { addressLoginLimits } from '../../access/auth/loginLimits.js';
import { success } from '../../access/auth/reply.js';
import { randomToken, sha256 } from '../../access/auth/secrets.js';
import { MicrosoftClient } from './microsoftClient.js';
import { microsoftSettings } from './microsoftSettings.js';
import { saveFlow, takeFlow } from './flowStore.js';
import { accountFor } from './microsoftAccount.js';

/** Ties a flow to the browser that started it: a callback from another browser finds no flow. */
const FLOW_COOKIE = 'msflow';
const FLOW_COOKIE_PATH = '/api/v1/azure/';

const callbackQuery = {
  type: 'object',
  properties: Object.fromEntries(
    ['code', 'state', 'error', 'error_description', 'session_state', 'iss', 'client_info'].map((k) => [
      k,
      { type: 'string', maxLength: 4000 },
    ]),
  ),
} as const;

/**
 * The spec's azure/session and azure/token: Sign in with Microsoft (OpenID Connect, authorization
 * code with PKCE). GET azure/session says whether it is set up; POST starts a flow and answers the
 * provider's sign-in address; the provider sends the browser back to the login page, which hands
 * the answer to GET azure/token: checked, it opens the session at group choice like any sign-in.
 */
export function registerSignInRoutes(app: FastifyInstance): void {
  const env = app.deps.env;
  const settings = microsoftSettings(env);
  const client = settings ? new MicrosoftClient(settings) : null;
  const db = app.deps.store.db;
  const cookie = {
    path: FLOW_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: env.COOKIE_SECURE,
  };
  const dropFlowCookie = (reply: FastifyReply) => void reply.clearCookie(FLOW_COOKIE, cookie);

  app.get(
    '/azure/session',
    {
      schema: {
        summary: 'Whether Sign in with Microsoft is set up (the login page shows its button)',
        response: answers(),
      },
    },
    () => success({ enabled: client !== null }),
  );

  app.post(
    '/azure/session',
    {
      schema: {
        summary: 'Start Sign in with Microsoft: answers the address to send the browser to',
        body: noBody,
        response: answers(),
      },
      // Each start stores a flow: held to the sign-in rate of an address.
      onRequest: addressLoginLimits(env.LOGIN_RATE_PER_ADDRESS),
    },
    async (_request, reply) => {
      if (!client) throw new NotFoundError(MICROSOFT_MSG.notConfigured);
      const started = await client.start().catch((error: unknown) => {
        app.log.error({ err: error }, 'Microsoft sign-in: the provider could not be reached');
        throw new ServiceUnavailableError(MICROSOFT_MSG.unavailable);
      });
      const token = randomToken();
      await saveFlow(db, sha256(token), started.checks);
      void reply.setCookie(FLOW_COOKIE, token, { ...cookie, maxAge: 600 });
      return success({ url: started.url });
    },
  );

  app.get<{ Querystring: Record<string, string> }>(
    '/azure/token',
    {
      schema: {
        summary: "Finish Sign in with Microsoft with the provider's answer (the query it redirected with)",
        querystring: callbackQuery,
        response: answers(),
      },
    },
    async (request, reply) => {
      if (!client) throw new NotFoundError(MICROSOFT_MSG.notConfigured);
      const flowToken = request.cookies[FLOW_COOKIE];
      dropFlowCookie(reply);
      const checks = flowToken ? await takeFlow(db, sha256(flowToken)) : null;
      if (!checks) throw new UnauthorizedError(MICROSOFT_MSG.expired);
      const query = new URLSearchParams(request.query);
      const identity = await client.finish(query, checks).catch((error: unknown) => {
        request.log.warn({ err: error }, 'Microsoft sign-in refused');
        throw new UnauthorizedError(MICROSOFT_MSG.failed);
      });
      const user = await accountFor(db, identity);
      const { token } = await beginLogin(app.authKit, user, {
        previousToken: request.cookies[SESSION_COOKIE],
        verified: true,
      });
      setSessionCookie(reply, env, token);
      const body = { settrustbrowser: true, org_list: await groupsOfUser(db, user.id) };
      return success(body, 'Success', body);
    },
  );
}
