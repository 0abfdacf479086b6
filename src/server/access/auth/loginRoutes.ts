import type { FastifyPluginCallback } from 'fastify';
import { BadRequestError, UnauthorizedError } from '../../../shared/errors.js';
import { MSG, OTP_PATTERN } from '../../../shared/auth/accessRules.js';
import { insertTrustedBrowser } from '../../platform/store/trustRepo.js';
import { SESSION_COOKIE, TRUST_COOKIE, TRUST_DAYS, setSessionCookie, setTrustCookie } from './cookies.js';
import { authenticate, resendOtp, verifyOtp } from './loginService.js';
import { selectGroup } from './groupService.js';
import { loginLimit, otpLimit, resendLimit } from './rateLimits.js';
import { addressLoginLimits } from './loginLimits.js';
import { randomToken, sha256 } from './secrets.js';
import { success } from './reply.js';
import { idSchema } from '../../platform/http/ids.js';
import type { AuthKit } from './kit.js';
import { answers, noBody } from '../../platform/http/schemaKit.js';

const stringProps = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, { type: 'string', maxLength: 200 }])),
});

/** The login steps: credentials -> OTP (unless trusted) -> trust prompt -> group -> active session. */
export function loginRoutes(kit: AuthKit): FastifyPluginCallback {
  const { env } = kit.deps;
  return (app, _opts, done) => {
    app.post<{ Body: { username?: string; user_name?: string; password?: string } }>(
      '/authenticate',
      {
        schema: { body: stringProps('username', 'user_name', 'password'), response: answers() },
        config: { rateLimit: loginLimit(env.LOGIN_ATTEMPTS_PER_NAME) },
        onRequest: addressLoginLimits(env.LOGIN_RATE_PER_ADDRESS),
      },
      async (request, reply) => {
        const username = (request.body?.username ?? request.body?.user_name ?? '').trim().toLowerCase();
        const password = request.body?.password ?? '';
        if (!username) throw new BadRequestError(MSG.userNameBlank);
        if (!password) throw new BadRequestError(MSG.passwordBlank);
        const step = await authenticate(kit, {
          username,
          password,
          trustToken: request.cookies[TRUST_COOKIE],
          previousToken: request.cookies[SESSION_COOKIE],
        });
        setSessionCookie(reply, env, step.token);
        const body = { settrustbrowser: step.settrustbrowser, org_list: step.org_list };
        return success(body, step.settrustbrowser ? 'Success' : 'OTP sent to your registered e-mail', body);
      },
    );

    app.post<{ Body: { otp?: string } }>(
      '/verifyotp',
      { schema: { body: stringProps('otp'), response: answers() }, config: { rateLimit: otpLimit } },
      async (request) => {
        const otp = String(request.body?.otp ?? '').trim();
        if (!OTP_PATTERN.test(otp)) throw new BadRequestError(MSG.invalidOtp);
        const orgList = await verifyOtp(kit, request.loginSession, otp);
        const body = { settrustbrowser: false, org_list: orgList };
        return success(body, 'Success', body);
      },
    );

    app.get(
      '/resendOtp',
      { schema: { response: answers() }, config: { rateLimit: resendLimit } },
      async (request) => {
        await resendOtp(kit, request.loginSession);
        return success({}, 'OTP sent to your registered e-mail');
      },
    );

    app.post('/trustbrowser', { schema: { body: noBody, response: answers() } }, async (request, reply) => {
      const session = request.loginSession;
      if (!session || !session.otp_verified || session.share_link_id !== null)
        throw new UnauthorizedError(MSG.unauthorizedUser);
      const token = randomToken();
      await insertTrustedBrowser(
        kit.deps.store.db,
        session.user_id,
        sha256(token),
        new Date(Date.now() + TRUST_DAYS * 86_400_000),
      );
      setTrustCookie(reply, env, token);
      return success({ trusted_days: TRUST_DAYS });
    });

    app.post<{ Body: { group_id?: number } }>(
      '/selectGroup',
      {
        schema: {
          body: {
            type: 'object',
            required: ['group_id'],
            properties: { group_id: idSchema },
          },
          response: answers(),
        },
      },
      async (request, reply) => {
        const { token, data } = await selectGroup(kit, request.loginSession, request.body.group_id ?? 0);
        setSessionCookie(reply, env, token);
        return success(data);
      },
    );
    done();
  };
}
