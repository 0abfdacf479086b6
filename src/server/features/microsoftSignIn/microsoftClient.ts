import * as oidc from 'openid-client';
import type { MicrosoftSettings } from './microsoftSettings.js';

/** What the flow keeps between the two calls, to check the provider's answer against. */
export interface FlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The claims the product reads from the id token (Entra ID names; any OpenID provider fits). */
export interface MicrosoftIdentity {
  email: string;
  tenantId: string | null;
  firstName: string;
  lastName: string;
}

/** Plain http only for a provider on this machine (a developer's); anything else must be https. */
function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * The OpenID Connect client (openid-client): discovery once, then the authorization code flow
 * with PKCE, state and nonce. The library checks the id token (issuer, audience, expiry, nonce);
 * a failed discovery is retried at the next sign-in.
 */
export class MicrosoftClient {
  private config: Promise<oidc.Configuration> | null = null;

  constructor(private readonly settings: MicrosoftSettings) {}

  private configuration(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    this.config ??= oidc
      .discovery(issuer, clientId, clientSecret, undefined, {
        ...(issuer.protocol === 'http:' && isLoopback(issuer)
          ? { execute: [oidc.allowInsecureRequests] }
          : {}),
        timeout: 10,
      })
      .catch((error: unknown) => {
        this.config = null;
        throw error;
      });
    return this.config;
  }

  /** Fresh checks and the provider's sign-in address that carries them. */
  async start(): Promise<{ url: string; checks: FlowChecks }> {
    const config = await this.configuration();
    const checks = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUrl,
      scope: 'openid profile email',
      response_mode: 'query',
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url: url.href, checks };
  }

  /** The provider's answer (the query it redirected with) exchanged for a checked identity. */
  async finish(query: URLSearchParams, checks: FlowChecks): Promise<MicrosoftIdentity> {
    const config = await this.configuration();
    const current = new URL(this.settings.redirectUrl);
    current.search = query.toString();
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no id token');
    const text = (name: string) => (typeof claims[name] === 'string' ? claims[name].trim() : '');
    // Entra puts the sign-in name in preferred_username; email is there when the account has one.
    const email = (text('email') || text('preferred_username') || text('upn')).toLowerCase();
    const [given, ...rest] = text('name').split(/\s+/);
    return {
      email,
      tenantId: text('tid').toLowerCase() || null,
      firstName: text('given_name') || given || email.split('@')[0] || '',
      lastName: text('family_name') || rest.join(' '),
    };
  }
}
