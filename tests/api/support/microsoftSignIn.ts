import { ApiClient, type ApiResponse } from './apiClient.js';
import type { TestServer } from './testServer.js';
import type { EntraAccount, EntraLikeProvider } from '../../support/entraLikeProvider.js';

export interface LoginStep {
  settrustbrowser: boolean;
  org_list: { id: number; group_name: string; status: number }[];
}

/**
 * Walks the provider's redirects as a browser does (its own cookie jar, manual redirects) from
 * the sign-in address POST azure/session answered until the provider sends the browser back to
 * `redirectUrl`; returns the query it came back with.
 */
export async function throughProvider(start: string, redirectUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} at ${url}: ${await res.text()}`);
    await res.arrayBuffer();
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUrl)) return next.search.slice(1);
    url = next.href;
  }
  throw new Error('provider: too many redirects');
}

/**
 * A whole Microsoft sign-in in `client` (a fresh browser by default) as `account`: start, the
 * provider's pages, then azure/token with the provider's answer.
 */
export async function microsoftSignIn(
  server: TestServer,
  idp: EntraLikeProvider,
  account: EntraAccount,
  client = new ApiClient(server.url),
): Promise<{ client: ApiClient; answer: ApiResponse<LoginStep>; query: string }> {
  idp.signInAs(account);
  const start = await client.post<{ url: string }>('azure/session');
  if (start.body.statusCode !== 1) throw new Error(`azure/session: ${start.body.msg}`);
  const query = await throughProvider(start.body.data!.url, server.env.OIDC_REDIRECT_URL);
  const answer = await client.get<LoginStep>(`azure/token?${query}`);
  return { client, answer, query };
}
