import type { FastifyInstance } from 'fastify';

/** The embedded (read-mode) viewer is the one page other sites may put in a frame. */
export function isEmbedPath(url: string): boolean {
  return /^\/workspace\/paxviz(\/|\?|$)/.test(url);
}

/**
 * The page's scripts are the built bundle's files only: no inline script, no script from another
 * origin (index.html and Vite's output carry none). Styles allow inline style attributes, which
 * React and Vega set; data: and blob: images are the favicon and chart exports.
 */
const BASE = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "form-action 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
];

/**
 * Vega compiles chart expressions with `new Function`, so the enforced policy still allows eval
 * (never inline script). The report-only policy without it shows what a strict script-src would
 * block, until the chart widget runs Vega's AST interpreter (vega-interpreter) instead.
 */
export function contentSecurityPolicy(embed: boolean, strict = false): string {
  const frames = embed ? 'frame-ancestors *' : "frame-ancestors 'none'";
  const scripts = strict ? "script-src 'self'" : "script-src 'self' 'unsafe-eval'";
  return [...BASE, scripts, frames].join('; ');
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer of the instance: CSP (framing: 'none' except on the embed
 * route), sniffing, referrer, and HSTS when cookies are Secure (the site is served over HTTPS).
 * Installed on the root instance (app.ts) so it covers the SPA pages too.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const https = app.deps.env.COOKIE_SECURE;
  // Set when the request arrives (not onSend): every answer, errors included, carries them, and
  // no hook has to run between the handler and the socket.
  app.addHook('onRequest', (request, reply, done) => {
    const embed = isEmbedPath(request.url);
    void reply.header('Content-Security-Policy', contentSecurityPolicy(embed));
    void reply.header('Content-Security-Policy-Report-Only', contentSecurityPolicy(embed, true));
    if (!embed) void reply.header('X-Frame-Options', 'DENY');
    void reply.header('X-Content-Type-Options', 'nosniff');
    void reply.header('Referrer-Policy', 'same-origin');
    if (https) void reply.header('Strict-Transport-Security', HSTS);
    done();
  });
}
