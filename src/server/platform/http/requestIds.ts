import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What runs on behalf of one request (or of a job a request started): its id, for the logs. */
interface RequestScope {
  requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** An id a proxy or client sent that is safe to repeat in a log line and a header. */
const CALLER_ID = /^[A-Za-z0-9._:-]{8,100}$/;
const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's genReqId: the caller's X-Request-Id (nginx's $request_id, a client's trace id) when it
 * is a plain token, else a fresh UUID. Unique across instances and restarts, unlike Fastify's
 * default counter, so one id follows a request through any instance's logs and into its jobs.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && CALLER_ID.test(sent) ? sent : randomUUID();
}

/** The id of the request (or of the job started by a request) this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** Runs `fn` on behalf of `requestId` (a job carries its request's id: platform/jobs/createQueue.ts). */
export function withRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestId ? scope.run({ requestId }, fn) : fn();
}

const RESOURCE = Symbol('requestScope');
type ScopedRequest = FastifyRequest & { [RESOURCE]?: AsyncResource };

/**
 * Answers every request with its X-Request-Id and runs its hooks and handler inside its scope, so
 * a job it sends carries the id. The scope is entered in onRequest and entered again before
 * validation: the body's stream ends in another async context, from which Fastify runs the later
 * hooks and the handler (the same two steps as @fastify/request-context).
 */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request: ScopedRequest, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    scope.run({ requestId: request.id }, () => {
      const resource = new AsyncResource('shelfscope-request');
      request[RESOURCE] = resource;
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request: ScopedRequest, _reply, done) => {
    const resource = request[RESOURCE];
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
}
