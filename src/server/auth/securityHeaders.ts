import type { FastifyInstance } from 'fastify';

/** The embedded (read-mode) viewer is the one page other sites may put in a frame. */
export function isEmbedPath(url: string): boolean {
  return /^\/workspace\/paxviz(\/|\?|$)/.test(url);
}

/**
 * Framing and sniffing headers on every answer of the instance: frame-ancestors 'none' except on
 * the embed route. Installed on the root instance (app.ts) so it covers the SPA pages too.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  // Set when the request arrives (not onSend): every answer, errors included, carries them, and
  // no hook has to run between the handler and the socket.
  app.addHook('onRequest', (request, reply, done) => {
    const embed = isEmbedPath(request.url);
    void reply.header('Content-Security-Policy', embed ? 'frame-ancestors *' : "frame-ancestors 'none'");
    if (!embed) void reply.header('X-Frame-Options', 'DENY');
    void reply.header('X-Content-Type-Options', 'nosniff');
    void reply.header('Referrer-Policy', 'same-origin');
    done();
  });
}
