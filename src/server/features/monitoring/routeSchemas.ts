/** JSON Schemas of the data plugin's routes: bad input answers 400 before a handler runs. */
const envelope = (data: object) => ({
  type: 'object',
  required: ['statusCode', 'msg'],
  properties: { statusCode: { type: 'integer' }, msg: { type: 'string' }, data },
});

const openObject = { type: 'object', additionalProperties: true };
const slug = { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,62}$' };

export const screenConfigSchema = {
  querystring: {
    type: 'object',
    required: ['area', 'screen'],
    additionalProperties: false,
    properties: { area: slug, screen: slug },
  },
  response: { 200: envelope(openObject) },
};

export const areasSchema = {
  response: { 200: envelope({ type: 'array', items: openObject }) },
};

/** Every value a string (lists are comma-separated); which names are allowed depends on the screen. */
const stringParams = { type: 'object', additionalProperties: { type: 'string', maxLength: 20000 } };

export const dataSchema = {
  // One catch-all route serves every endpoint of the current config (it hot-reloads): documented
  // generically, its query parameters depend on the endpoint.
  params: {
    type: 'object',
    properties: {
      '*': { type: 'string', description: 'An endpoint path of the current config, <area>/<screen>/<query>' },
    },
  },
  querystring: stringParams,
  response: {
    200: envelope({
      type: 'object',
      required: ['rows', 'total'],
      properties: {
        rows: { type: 'array', items: openObject },
        total: { type: 'integer' },
        previous: {
          type: 'object',
          description:
            "The same query over the comparison period (compare_to: previous, the period of equal length just before start_date..end_date, or last_year, the same dates a year back). KPI queries: its one row in rows (the tiles' comparison); grids with change columns and charts overlaying it: rows is empty and each row carries <measure>__previous, joined on the query's group keys (a chart's dates shifted onto the current ones). noData: the warehouse holds nothing of that period.",
          required: ['start', 'end', 'rows'],
          properties: {
            start: { type: 'string', format: 'date' },
            end: { type: 'string', format: 'date' },
            to: { type: 'string', enum: ['previous', 'last_year'] },
            rows: { type: 'array', items: openObject },
            noData: { type: 'boolean' },
          },
        },
      },
    }),
  },
};

export const suggestionSchema = {
  params: {
    type: 'object',
    required: ['source'],
    properties: { source: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,62}$' } },
  },
  querystring: {
    type: 'object',
    required: ['screenName'],
    properties: {
      screenName: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]*/[a-zA-Z][a-zA-Z0-9_-]*$' },
    },
    additionalProperties: { type: 'string', maxLength: 20000 },
  },
  response: {
    200: {
      type: 'object',
      required: ['statusCode', 'msg', 'total', 'data'],
      properties: {
        statusCode: { type: 'integer' },
        msg: { type: 'string' },
        total: { type: 'integer' },
        data: {
          type: 'object',
          additionalProperties: {
            type: 'array',
            items: {
              type: 'object',
              required: ['key', 'name'],
              properties: {
                key: { type: ['integer', 'string'] },
                name: { type: 'string' },
                ids: { type: 'array', items: { type: ['integer', 'string'] } },
              },
            },
          },
        },
      },
    },
  },
};

const problem = {
  type: 'object',
  required: ['file', 'pointer', 'message'],
  properties: {
    file: { type: 'string' },
    pointer: { type: 'string' },
    message: { type: 'string' },
    line: { type: 'integer' },
    column: { type: 'integer' },
  },
};

export const configProblemsSchema = {
  response: {
    200: envelope({
      type: 'object',
      required: ['problems'],
      properties: { problems: { type: 'array', items: problem } },
    }),
  },
};
