/**
 * Schema pieces shared by routes that have no schema module of their own. They describe the
 * answer for /api/docs without narrowing it: the envelope stays open (the spec repeats some data
 * fields beside statusCode) and `data` is free unless a route says more, so adding a response
 * schema never drops a field the client reads.
 */
export const anyValue = {};

export function envelope(data: object = anyValue) {
  return {
    type: 'object',
    required: ['statusCode', 'msg'],
    additionalProperties: true,
    properties: { statusCode: { type: 'integer' }, msg: { type: 'string' }, data },
  } as const;
}

/** The usual response map: the 200 envelope (errors share the error handler's envelope). */
export function answers(data: object = anyValue) {
  return { 200: envelope(data) } as const;
}

/**
 * A POST that takes no body: an absent body or {} passes, an object with any field is a 400.
 * Written as a `not`, because a missing body reaches ajv as undefined, which `type: 'object'`
 * would refuse.
 */
export const noBody = { description: 'No body, or {}', not: { type: 'object', minProperties: 1 } } as const;

/** An answer whose data is an open object. */
export const objectAnswer = answers({ type: 'object', additionalProperties: true });

/** A grid's paging as a `rows.endpoint` grid sends it (offset, limit, and a sort it may offer). */
export const gridRowsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
    offset: { type: 'integer', minimum: 0, maximum: 1000000, default: 0 },
    order_by: { type: 'string', maxLength: 64 },
    order_type: { type: 'string', enum: ['asc', 'desc'] },
  },
} as const;
