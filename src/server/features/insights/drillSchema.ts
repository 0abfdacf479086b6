import { tileQueryProperties } from './tileQuery.js';

const labelled = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'label'],
    properties: { id: { type: 'string' }, label: { type: 'string' } },
  },
};

/** OpenAPI of GET /insights/drill: bad names answer 400 before the handler. */
export const drillSchema = {
  summary: 'The rows behind a KPI tile or a chart point',
  description:
    "The fact rows the measure counts or sums under the screen's filters and dates, grouped per drill row (the dataset's drill rows, or the measure's own unit), each with the measure's figures, which make the tile (`combine` of `totals`). `point.<dimension>` narrows to a chart point of the query; `condition=off` drops the measure's condition.",
  querystring: {
    type: 'object',
    required: ['screen', 'query', 'measure'],
    properties: {
      ...tileQueryProperties("Id of the screen's query feeding the tile or chart"),
      condition: { type: 'string', enum: ['on', 'off'], description: "Apply the measure's condition (on)" },
      // As on the screen's data calls: a date, or -1 for 'all'.
      start_date: { type: 'string', maxLength: 10 },
      end_date: { type: 'string', maxLength: 10 },
      limit: { type: 'string', pattern: '^[0-9]{1,4}$' },
      offset: { type: 'string', pattern: '^[0-9]{1,9}$' },
      order_by: { type: 'string', maxLength: 64 },
      order_type: { type: 'string', maxLength: 4 },
    },
    additionalProperties: { type: 'string', maxLength: 20000 },
  },
  response: {
    200: {
      type: 'object',
      required: ['statusCode', 'msg'],
      properties: {
        statusCode: { type: 'integer' },
        msg: { type: 'string' },
        data: {
          type: 'object',
          required: ['measure', 'combine', 'rows', 'total', 'totals', 'value'],
          properties: {
            measure: { type: 'string' },
            label: { type: 'string' },
            combine: { type: 'string', enum: ['sum', 'ratio', 'min', 'max'] },
            scale: { type: 'number' },
            rowNoun: { type: 'string' },
            factNoun: { type: 'string' },
            columns: labelled,
            parts: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'label', 'format'],
                properties: { id: { type: 'string' }, label: { type: 'string' }, format: { type: 'string' } },
              },
            },
            condition: {
              type: 'object',
              required: ['label', 'detail', 'applied'],
              properties: {
                label: { type: 'string' },
                detail: { type: 'string' },
                applied: { type: 'boolean' },
              },
            },
            points: {
              type: 'array',
              items: {
                type: 'object',
                required: ['dimension', 'label', 'value'],
                properties: {
                  dimension: { type: 'string' },
                  label: { type: 'string' },
                  value: { type: ['string', 'number', 'boolean'] },
                },
              },
            },
            period: {
              type: 'object',
              properties: { start: { type: ['string', 'null'] }, end: { type: ['string', 'null'] } },
            },
            rows: { type: 'array', items: { type: 'object', additionalProperties: true } },
            total: { type: 'integer' },
            totals: { type: 'object', additionalProperties: { type: ['number', 'null'] } },
            value: { type: ['number', 'null'] },
          },
        },
      },
    },
  },
};
