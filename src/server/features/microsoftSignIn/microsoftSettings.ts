import type { Env } from '../../platform/settings/env.js';
import { publicUrl } from '../../platform/settings/env.js';

/** The deployment's identity provider, from OIDC_* settings; null when Microsoft sign-in is off. */
export interface MicrosoftSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back: the login page's Microsoft step by default. */
  redirectUrl: string;
}

/** The path of the login page's Microsoft step (the SPA route that calls azure/token). */
const MICROSOFT_RETURN_PATH = '/public/microsoft';

export function microsoftSettings(env: Env): MicrosoftSettings | null {
  if (!env.OIDC_ISSUER) return null;
  if (!env.OIDC_CLIENT_ID) throw new Error('OIDC_ISSUER is set: OIDC_CLIENT_ID must be set too');
  return {
    issuer: new URL(env.OIDC_ISSUER),
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    redirectUrl: env.OIDC_REDIRECT_URL || new URL(MICROSOFT_RETURN_PATH, publicUrl(env)).href,
  };
}
