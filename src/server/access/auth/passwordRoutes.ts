import type { FastifyPluginCallback } from 'fastify';
import { BadRequestError } from '../../../shared/errors.js';
import { MSG, isEmail } from '../../../shared/auth/accessRules.js';
import { forgotLimit } from './rateLimits.js';
import { changePassword, changePasswordLimit } from './changePassword.js';
import { requestReset, setPasswordWithToken } from './passwordService.js';
import { requireUser } from './guards.js';
import { success } from './reply.js';
import type { AuthKit } from './kit.js';
import { answers } from '../../platform/http/schemaKit.js';

const strings = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, { type: 'string', maxLength: 500 }])),
});

type Body = Record<string, string | undefined>;

/** Forgot / reset / activation / change password, and the captcha check. */
export function passwordRoutes(kit: AuthKit): FastifyPluginCallback {
  return (app, _opts, done) => {
    app.post<{ Body: Body }>(
      '/forgotPassLink',
      { schema: { body: strings('email'), response: answers() }, config: { rateLimit: forgotLimit } },
      (request) => {
        const email = (request.body?.email ?? '').trim().toLowerCase();
        if (!isEmail(email)) throw new BadRequestError(MSG.invalidEmail);
        requestReset(kit, email);
        return success({}, MSG.forgotSent);
      },
    );

    app.post<{ Body: Body }>(
      '/resetPass',
      { schema: { body: strings('password', 'confirm_password', 'token'), response: answers() } },
      async (request) => {
        const b = request.body ?? {};
        await setPasswordWithToken(kit, 'reset', b.token ?? '', b.password ?? '', b.confirm_password ?? '');
        return success({}, MSG.passwordUpdated);
      },
    );

    app.post<{ Body: Body }>(
      '/user/update',
      { schema: { body: strings('password', 'confirm_password', 'verify_token'), response: answers() } },
      async (request) => {
        const b = request.body ?? {};
        await setPasswordWithToken(
          kit,
          'activation',
          b.verify_token ?? '',
          b.password ?? '',
          b.confirm_password ?? '',
        );
        return success({}, MSG.passwordUpdated);
      },
    );

    // Logged-in change from the user menu's Reset Password.
    app.post<{ Body: Body }>(
      '/change/password',
      {
        schema: { body: strings('current_password', 'password', 'confirm_password'), response: answers() },
        config: { rateLimit: changePasswordLimit },
      },
      async (request) => {
        const b = request.body ?? {};
        await changePassword(kit, requireUser(request), {
          current: b.current_password ?? '',
          password: b.password ?? '',
          confirm: b.confirm_password ?? '',
        });
        return success({}, MSG.passwordUpdated);
      },
    );

    // No captcha provider is configured in this product: the check accepts (docs/product-spec.md §7).
    app.post('/validate/captcha', { schema: { body: strings('captcha_token'), response: answers() } }, () =>
      success({ success: true }),
    );
    done();
  };
}
