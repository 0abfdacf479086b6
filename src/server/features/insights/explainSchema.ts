import { idSchema, tileQueryProperties } from './tileQuery.js';

const period = {
  type: 'object',
  required: ['start', 'end'],
  properties: { start: { type: 'string', format: 'date' }, end: { type: 'string', format: 'date' } },
};

/** OpenAPI of GET /insights/explain: bad names answer 400 before the handler. */
export const explainSchema = {
  summary: 'Why a KPI moved: its change from the previous period split over a dimension',
  description:
    "The screen's query over start_date..end_date and over the period of equal length just before, grouped by `by`; contributions add up to `change` (docs/metrics.md). Other parameters are the screen's filters, as on its data calls.",
  querystring: {
    type: 'object',
    required: ['screen', 'query', 'measure', 'by'],
    properties: {
      ...tileQueryProperties("Id of the screen's query feeding the tile"),
      by: { ...idSchema, description: "A dimension the dataset's explain lists" },
      start_date: { type: 'string', format: 'date' },
      end_date: { type: 'string', format: 'date' },
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
          required: ['current', 'previous', 'change', 'method', 'contributions'],
          properties: {
            measure: { type: 'string' },
            by: { type: 'string' },
            current: { type: ['number', 'null'] },
            previous: { type: ['number', 'null'] },
            change: { type: ['number', 'null'] },
            method: { type: 'string', enum: ['additive', 'rateMix', 'priceVolume'] },
            period,
            previousPeriod: period,
            contributions: {
              type: 'array',
              items: {
                type: 'object',
                required: ['key', 'label', 'effect', 'value'],
                properties: {
                  key: { type: 'string' },
                  label: { type: 'string' },
                  effect: {
                    type: 'string',
                    enum: ['member', 'rate', 'mix', 'price', 'volume', 'entered', 'left', 'others'],
                  },
                  value: { type: 'number' },
                },
              },
            },
          },
        },
      },
    },
  },
};
