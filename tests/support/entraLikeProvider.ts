/**
 * A real OpenID Connect provider on loopback for the tests (oidc-provider), shaped like Microsoft
 * Entra ID: the issuer carries the tenant id (http://127.0.0.1:<port>/<tenant>/v2.0), id tokens
 * carry `tid`, `preferred_username`, `email` and the names in the id token itself. The sign-in
 * page signs in whoever the test chose with `signInAs` (no form). `tamper` re-signs the next id
 * tokens with the provider's own key after changing their claims: a wrong audience or an expired
 * token that only the client's checks can catch. Tests only: never imported by the product.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, TEST_TENANT_ID, testIssuer } from './entraLikeClient.js';

export interface EntraAccount {
  email: string;
  name?: string;
  /** The account's home tenant; the provider's own when omitted. */
  tenantId?: string;
}

export interface EntraLikeProvider {
  issuer: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in page signs in. */
  signInAs(account: EntraAccount): void;
  /** Changes the claims of the id tokens the token endpoint answers from now on (null: stop). */
  tamper(change: ((claims: JWTPayload) => JWTPayload) | null): void;
  close(): Promise<void>;
}

export async function startEntraLikeProvider(options: {
  redirectUrl: string;
  port?: number;
  tenantId?: string;
}): Promise<EntraLikeProvider> {
  const tenantId = options.tenantId ?? TEST_TENANT_ID;
  const clientId = TEST_CLIENT_ID;
  const clientSecret = TEST_CLIENT_SECRET;
  const prefix = `/${tenantId}/v2.0`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, EntraAccount>();
  let next: EntraAccount | null = null;
  let change: ((claims: JWTPayload) => JWTPayload) | null = null;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = testIssuer(port, tenantId);

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUrl],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['entra-like-test-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 3600 },
    // Entra puts the profile claims in the id token, not only behind userinfo.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub', 'tid', 'preferred_username'],
      email: ['email'],
      profile: ['name', 'given_name', 'family_name'],
    },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      const [given, ...family] = (account.name ?? 'Test User').split(' ');
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          tid: account.tenantId ?? tenantId,
          preferred_username: account.email,
          email: account.email,
          name: account.name ?? 'Test User',
          given_name: given,
          family_name: family.join(' '),
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });

  provider.use(async (ctx, nextMiddleware) => {
    await nextMiddleware();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !change || !body?.id_token) return;
    const claims = change(decodeJwt(body.id_token));
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
      .sign(privateKey);
  });

  /** The sign-in page: whoever the test chose, with consent to what the client asked. */
  const interaction = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if (!next) throw new Error('entraLikeProvider: call signInAs before a sign-in');
    const accountId = `${next.email}#${next.tenantId ?? tenantId}`;
    accounts.set(accountId, next);
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const callback = provider.callback();
  server.on('request', (req: http.IncomingMessage & { originalUrl?: string }, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    if (!url.startsWith(prefix)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    // Mounted under the tenant's path, as express would mount it (oidc-provider reads originalUrl).
    req.originalUrl = url;
    req.url = url.slice(prefix.length) || '/';
    void callback(req, res);
  });

  return {
    issuer,
    tenantId,
    clientId,
    clientSecret,
    signInAs: (account) => void (next = account),
    tamper: (fn) => void (change = fn),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
