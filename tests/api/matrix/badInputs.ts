/**
 * Hostile variants of a well-formed request: each path parameter, query parameter and top-level
 * body field in turn gets a value of the wrong type, an integer past 2^53, a NUL byte, a 10 kB
 * string (20 kB in a URL, past Node's header limit) and a lone UTF-16 surrogate; a body also gets
 * a 1 MB string, goes 10,000 arrays deep, gains an unknown field, or is not an object at all.
 */
import type { JsonSchema } from './openApiOperations.js';
import type { MatrixRequest } from './matrixRequests.js';

export interface BadRequest {
  /** What was done, for the failure message: "body.name: NUL". */
  label: string;
  method: string;
  url: string;
  /** Raw JSON text (BigInt-sized numbers and deep nesting cannot go through JSON.stringify). */
  bodyText?: string;
}

/** A placeholder swapped for raw JSON text after stringifying. */
const RAW = '\u0001raw\u0001';
const PAST_2_53 = '9007199254740993';
const DEEP = '['.repeat(10_000) + ']'.repeat(10_000);
const MB = 'x'.repeat(1 << 20);

function typeOf(schema: JsonSchema | undefined): string | undefined {
  const t = schema?.type ?? schema?.anyOf?.find((b) => b.type !== 'null')?.type;
  return Array.isArray(t) ? t.find((x) => x !== 'null') : t;
}

/** A JSON value of another type than the schema's. */
function wrongType(schema: JsonSchema | undefined): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return { not: 'a string' };
    case 'array':
      return 'not an array';
    case 'object':
      return [1];
    default:
      return 'not a number';
  }
}

/** Values for a body field: JSON values, or raw JSON text through RAW. */
function bodyValues(schema: JsonSchema | undefined): [string, unknown, string?][] {
  return [
    ['wrong type', wrongType(schema)],
    ['2^53+', RAW, PAST_2_53],
    ['NUL', 'a\u0000b'],
    ['10 kB string', 'x'.repeat(10_000)],
    ['lone surrogate', 'a\ud800b'],
  ];
}

/** Values for a path or query parameter, already encoded for a URL. */
const URL_VALUES: [string, string][] = [
  ['wrong type', 'not%20a%20number'],
  ['2^53+', PAST_2_53],
  ['NUL', 'a%00b'],
  ['20 kB', 'x'.repeat(20_000)],
  ['lone surrogate', 'a%ED%A0%80b'],
];

function bodyText(body: unknown, raw?: string): string {
  const text = JSON.stringify(body);
  return raw === undefined ? text : text.replace(JSON.stringify(RAW), raw);
}

function urlOf(
  req: MatrixRequest,
  pathValues: Record<string, string>,
  query: URLSearchParams,
  extra = '',
): string {
  let path = req.op.path;
  for (const [name, value] of Object.entries(pathValues))
    path = path.replace(
      `{${name}}`,
      name === '*' ? value : value.includes('%') ? value : encodeURIComponent(value),
    );
  const qs = [query.toString(), extra].filter(Boolean).join('&');
  return `${path}${qs ? `?${qs}` : ''}`;
}

export function badVariants(req: MatrixRequest): BadRequest[] {
  const out: BadRequest[] = [];
  const base = { method: req.method };
  const baseBody = req.body === undefined ? undefined : bodyText(req.body);
  const plainUrl = urlOf(req, req.pathValues, req.query);
  for (const name of Object.keys(req.pathValues)) {
    if (name === '*') continue; // the data route's path is an endpoint name: its query is swept
    for (const [label, bad] of URL_VALUES)
      out.push({
        ...base,
        label: `path.${name}: ${label}`,
        url: urlOf(req, { ...req.pathValues, [name]: bad }, req.query),
        bodyText: baseBody,
      });
  }
  for (const name of new Set([...req.query.keys()])) {
    for (const [label, bad] of URL_VALUES) {
      const query = new URLSearchParams(req.query);
      query.delete(name);
      out.push({
        ...base,
        label: `query.${name}: ${label}`,
        url: urlOf(req, req.pathValues, query, `${name}=${bad}`),
        bodyText: baseBody,
      });
    }
  }
  out.push({
    ...base,
    label: 'query: unknown parameter',
    url: urlOf(req, req.pathValues, req.query, 'zz_unknown=1'),
    bodyText: baseBody,
  });
  if (
    req.body !== undefined &&
    req.body !== null &&
    typeof req.body === 'object' &&
    !Array.isArray(req.body)
  ) {
    const fields = req.body as Record<string, unknown>;
    const props = req.bodySchema?.properties ?? {};
    for (const name of Object.keys({ ...props, ...fields }))
      for (const [label, value, raw] of bodyValues(props[name]))
        out.push({
          ...base,
          label: `body.${name}: ${label}`,
          url: plainUrl,
          bodyText: bodyText({ ...fields, [name]: value }, raw),
        });
    // A 1 MB string and 10,000-deep JSON once per body: the body limit and the parser's depth
    // check are one for all fields.
    const first = Object.keys(fields)[0];
    if (first !== undefined) {
      out.push({
        ...base,
        label: `body.${first}: 1 MB string`,
        url: plainUrl,
        bodyText: bodyText({ ...fields, [first]: MB }),
      });
      out.push({
        ...base,
        label: `body.${first}: deep JSON`,
        url: plainUrl,
        bodyText: bodyText({ ...fields, [first]: RAW }, DEEP),
      });
    }
    out.push({
      ...base,
      label: 'body: unknown field',
      url: plainUrl,
      bodyText: bodyText({ ...fields, zz_unknown: 1 }),
    });
  }
  if (req.method !== 'GET' && req.method !== 'DELETE' && !req.multipart) {
    out.push({ ...base, label: 'body: deep JSON', url: plainUrl, bodyText: DEEP });
    const notObjects: [string, string][] = [
      ['body: array', '[]'],
      ['body: string', '"x"'],
      ['body: null', 'null'],
      ['body: not JSON', '{"a":'],
    ];
    for (const [label, text] of notObjects) out.push({ ...base, label, url: plainUrl, bodyText: text });
  }
  return out;
}
