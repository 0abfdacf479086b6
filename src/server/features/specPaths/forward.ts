import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The caller's headers the generic route needs: its session, CSRF token and body type. */
const PASSED = ['cookie', 'x-csrf-token', 'content-type', 'user-agent', 'accept'];
/** The generic route's headers the caller needs: the answer's type and file name. */
const RETURNED = ['content-type', 'content-disposition', 'set-cookie', 'cache-control'];

/**
 * Answers a spec path by running the generic route it names (`/api/v1/<target>`) inside this
 * server, so the spec path has the generic route's permissions, tenancy, validation and audit
 * and no code of its own. The body goes on as it came: parsed JSON, or the raw multipart stream.
 */
export async function forward(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  target: string,
  method: 'GET' | 'POST' | 'PUT' = request.method as 'GET' | 'POST' | 'PUT',
): Promise<FastifyReply> {
  const headers: Record<string, string> = {};
  for (const name of PASSED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const hasBody = method !== 'GET' && request.body !== undefined;
  const answer = await app.inject({
    method,
    url: `/api/v1/${target}`,
    headers,
    remoteAddress: request.ip,
    ...(hasBody ? { payload: request.body as string | object } : {}),
  });
  for (const name of RETURNED) {
    const value = answer.headers[name];
    if (value !== undefined) reply.header(name, value);
  }
  return reply.status(answer.statusCode).send(answer.rawPayload);
}

/** A spec path's query value as one string (the generic routes take their own params). */
export function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
