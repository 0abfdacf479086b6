import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../../shared/errors.js';

/** Deeper than any body this API takes; deep enough for any filter state a screen stores. */
export const MAX_JSON_DEPTH = 64;

/**
 * How deeply the JSON text nests its arrays and objects (brackets inside strings do not count).
 * Stops counting once past `limit`. A scan of the text, so a hostile body costs no recursion.
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return max;
}

/**
 * Replaces the JSON body parser with one that refuses deep nesting with a 400 before parsing:
 * JSON.parse copes with 7,000 levels, but the recursive code after it (validation, stringify)
 * overflows the stack, which surfaced as a 500. Parsing itself stays Fastify's (prototype-safe).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new BadRequestError(`JSON body nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    void parse(request, text, done);
  });
}
