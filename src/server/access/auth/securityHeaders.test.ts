import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../platform/settings/env.js';
import { contentSecurityPolicy, HSTS, installSecurityHeaders, isEmbedPath } from './securityHeaders.js';

async function headersOf(url: string, env: Record<string, string> = {}) {
  const app = Fastify();
  app.decorate('deps', { env: loadEnv({ DATA_DIR: '/tmp/unused', ...env }) } as never);
  installSecurityHeaders(app);
  app.get('/*', () => 'ok');
  const r = await app.inject({ method: 'GET', url });
  await app.close();
  return r.headers;
}

describe('security headers', () => {
  it('a CSP whose scripts are same-origin files only: no inline script, no other origin', async () => {
    const h = await headersOf('/workspace/stock/kpi');
    const csp = String(h['content-security-policy']);
    const scripts = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(scripts[0]).toBe("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts.filter((s) => s !== "'self'" && s !== "'unsafe-eval'")).toEqual([]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('same-origin');
    // The strict policy (no eval) is reported on, not enforced, until charts stop needing eval.
    expect(String(h['content-security-policy-report-only'])).toMatch(/script-src 'self'(;|$)/);
  });

  it('only the embed route may be framed', async () => {
    const h = await headersOf('/workspace/paxviz/board?token=x');
    expect(String(h['content-security-policy'])).toContain('frame-ancestors *');
    expect(h['x-frame-options']).toBeUndefined();
  });

  it('the embed route is /workspace/paxviz itself or below it, nothing that only contains or extends it', () => {
    for (const url of ['/workspace/paxviz', '/workspace/paxviz/board', '/workspace/paxviz?token=x'])
      expect(isEmbedPath(url), url).toBe(true);
    for (const url of ['/workspace/paxvizard', '/evil/workspace/paxviz', '/workspace/stock/kpi'])
      expect(isEmbedPath(url), url).toBe(false);
  });

  it('the enforced policy is the one that lets charts compile (eval), the strict one is asked for', () => {
    expect(contentSecurityPolicy(false)).toContain("script-src 'self' 'unsafe-eval'");
    expect(contentSecurityPolicy(false, true)).not.toContain('unsafe-eval');
  });

  it('HSTS only when cookies are Secure (served over HTTPS)', async () => {
    expect((await headersOf('/', { COOKIE_SECURE: 'true' }))['strict-transport-security']).toBe(HSTS);
    expect((await headersOf('/'))['strict-transport-security']).toBeUndefined();
  });
});
