import { idSchema } from '../../platform/http/ids.js';
import { answers } from '../../platform/http/schemaKit.js';

/** Route schemas of paxviz/*: slide views and the catalogue they are composed from. */
export const slideScreenKey = {
  type: 'string',
  pattern: '^[A-Za-z][A-Za-z0-9_-]*/[A-Za-z][A-Za-z0-9_-]*$',
  maxLength: 120,
  description: "A slide screen, 'area/screen' (e.g. customscreen/slide)",
} as const;

const slideName = {
  type: 'string',
  minLength: 1,
  maxLength: 80,
  // Not blank, and no control characters (PostgreSQL text cannot hold a NUL).
  pattern: '^(?=.*\\S)[^\\u0000-\\u001f\\u007f]+$',
} as const;

const viewParams = { type: 'object', required: ['viewId'], properties: { viewId: idSchema } } as const;
const screenQuery = {
  type: 'object',
  required: ['screen'],
  additionalProperties: false,
  properties: { screen: slideScreenKey },
} as const;

export const listSchema = {
  querystring: {
    type: 'object',
    required: ['screen'],
    additionalProperties: false,
    properties: {
      screen: slideScreenKey,
      offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
    },
  },
  response: answers(),
};

export const catalogueSchema = { querystring: screenQuery, response: answers() };

export const sourceSchema = {
  querystring: {
    type: 'object',
    required: ['screen', 'source'],
    additionalProperties: false,
    properties: { screen: slideScreenKey, source: slideScreenKey },
  },
  response: answers(),
};

export const oneSchema = { params: viewParams, response: answers() };

export const saveSchema = {
  body: {
    type: 'object',
    required: ['screen', 'name', 'view'],
    additionalProperties: false,
    properties: { id: idSchema, screen: slideScreenKey, name: slideName, view: { type: 'object' } },
  },
  response: answers(),
};

export const importSchema = {
  body: {
    type: 'object',
    required: ['screen', 'name', 'view'],
    additionalProperties: false,
    properties: { screen: slideScreenKey, name: slideName, view: { type: 'object' } },
  },
  response: answers(),
};

export const submenuSchema = { response: answers({ type: 'array' }) };
