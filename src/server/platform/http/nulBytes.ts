import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../../shared/errors.js';

/** The one message every NUL refusal answers with, wherever the byte came in. */
export const NUL_MESSAGE = 'Request refused: it contains a NUL character (\\u0000).';

/**
 * A lone UTF-16 surrogate cannot be stored either: JSON.stringify writes it as a `\ud800` escape
 * that a jsonb column (audit before/after) refuses, and UTF-8 has no encoding for it.
 */
export const SURROGATE_MESSAGE =
  'Request refused: it contains text that is not valid Unicode (a lone surrogate).';

/** Raw text with a NUL, literal or percent-encoded (a URL, a header, a cookie). */
function rawHasNul(text: string): boolean {
  return text.includes('\u0000') || /%00/i.test(text);
}

/** Parsed JSON objects and Fastify's query objects (null prototype); not Buffers or streams. */
function isPlainRecord(item: unknown): item is Record<string, unknown> {
  if (item === null || typeof item !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(item);
  return proto === Object.prototype || proto === null;
}

/**
 * Whether a parsed value (body, query, params) holds a NUL in any string or key. Iterative:
 * the JSON parser already bounds depth (http/jsonBody.ts), the walk needs no recursion.
 */
export function holdsNul(value: unknown): boolean {
  return findsString(value, (text) => text.includes('\u0000'));
}

// In a `u` pattern a surrogate pair is one code point: this matches only a half without its mate.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Whether a parsed value holds a string or key with a lone surrogate. */
export function holdsLoneSurrogate(value: unknown): boolean {
  return findsString(value, (text) => LONE_SURROGATE.test(text));
}

function findsString(value: unknown, bad: (text: string) => boolean): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (bad(item)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...(item as unknown[]));
    } else if (isPlainRecord(item)) {
      for (const [key, inner] of Object.entries(item)) {
        if (bad(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold NUL: a NUL that reached a query was a 500 (sign-in, alert-rule
 * names, view settings). One check for every route, before any handler or schema runs: the URL
 * (path and query) and every header on arrival, the parsed body before validation.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (rawHasNul(request.raw.url ?? '')) return done(new BadRequestError(NUL_MESSAGE));
    const headers = request.raw.rawHeaders;
    for (let i = 1; i < headers.length; i += 2) {
      if (rawHasNul(headers[i]!)) return done(new BadRequestError(NUL_MESSAGE));
    }
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = [request.body, request.query, request.params];
    if (parts.some(holdsNul)) return done(new BadRequestError(NUL_MESSAGE));
    done(parts.some(holdsLoneSurrogate) ? new BadRequestError(SURROGATE_MESSAGE) : undefined);
  });
}
