/** Request and response schemas of the screen editor's endpoints: bad input is a 400 before a handler runs. */
const envelope = (data: object) => ({
  type: 'object',
  required: ['statusCode', 'msg'],
  properties: { statusCode: { type: 'integer' }, msg: { type: 'string' }, data },
});

/** Checked again by configFilePaths.ts (layout, confinement); this bounds the size and alphabet. */
const configPath = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_./-]+$' };
const MAX_TEXT = 512 * 1024;

const fileEntry = {
  type: 'object',
  required: ['path', 'kind', 'area', 'id'],
  properties: {
    path: { type: 'string' },
    kind: { type: 'string' },
    area: { type: ['string', 'null'] },
    id: { type: 'string' },
    stored: { type: 'string', enum: ['served', 'superseded'] },
  },
};

const problem = {
  type: 'object',
  required: ['file', 'pointer', 'message', 'line', 'column', 'length'],
  properties: {
    file: { type: 'string' },
    pointer: { type: 'string' },
    message: { type: 'string' },
    line: { type: ['integer', 'null'] },
    column: { type: ['integer', 'null'] },
    length: { type: 'integer' },
  },
};

const draftBody = {
  type: 'object',
  required: ['path', 'text'],
  additionalProperties: false,
  properties: { path: configPath, text: { type: 'string', maxLength: MAX_TEXT } },
};

export const listFilesSchema = {
  response: {
    200: envelope({
      type: 'object',
      required: ['files'],
      properties: { files: { type: 'array', items: fileEntry } },
    }),
  },
};

export const readFileSchema = {
  querystring: {
    type: 'object',
    required: ['path'],
    additionalProperties: false,
    properties: { path: configPath },
  },
  response: {
    200: envelope({
      type: 'object',
      required: ['path', 'text'],
      properties: { path: { type: 'string' }, text: { type: 'string' } },
    }),
  },
};

export const schemaSchema = {
  querystring: {
    type: 'object',
    required: ['kind'],
    additionalProperties: false,
    properties: { kind: { type: 'string', enum: ['area', 'screen', 'dataset', 'shared'] } },
  },
  response: { 200: envelope({ type: 'object', additionalProperties: true }) },
};

export const validateSchema = {
  body: draftBody,
  response: {
    200: envelope({
      type: 'object',
      required: ['valid', 'problems', 'draftId', 'preview'],
      properties: {
        valid: { type: 'boolean' },
        problems: { type: 'array', items: problem },
        draftId: { type: ['string', 'null'] },
        preview: {
          type: ['object', 'null'],
          required: ['area', 'screen'],
          properties: { area: { type: 'string' }, screen: { type: 'string' } },
        },
      },
    }),
  },
};

export const saveSchema = {
  body: draftBody,
  response: {
    200: envelope({
      type: 'object',
      required: ['path', 'changed', 'reloaded'],
      properties: { path: { type: 'string' }, changed: { type: 'boolean' }, reloaded: { type: 'boolean' } },
    }),
  },
};

/** A stored version: a version id, or the file in git, or what serves now. */
const versionRef = { type: 'string', pattern: '^([0-9]{1,9}|git|current)$' };

export const versionListAnswer = {
  type: 'object',
  required: ['path', 'serving', 'gitSize', 'versions'],
  properties: {
    path: { type: 'string' },
    serving: { type: 'string', enum: ['store', 'git'] },
    gitSize: { type: ['integer', 'null'] },
    versions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'author', 'createdAt', 'size', 'restoredFrom', 'dropped'],
        properties: {
          id: { type: 'integer' },
          author: { type: ['string', 'null'] },
          createdAt: { type: 'string' },
          size: { type: 'integer' },
          restoredFrom: { type: ['integer', 'null'] },
          dropped: { type: 'boolean' },
        },
      },
    },
  },
};

export const diffAnswer = {
  type: 'object',
  required: ['path', 'from', 'to', 'diff'],
  properties: {
    path: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    diff: { type: 'string' },
  },
};

export const versionsSchema = {
  querystring: {
    type: 'object',
    required: ['path'],
    additionalProperties: false,
    properties: { path: configPath },
  },
  response: { 200: envelope(versionListAnswer) },
};

export const diffSchema = {
  querystring: {
    type: 'object',
    required: ['path', 'from', 'to'],
    additionalProperties: false,
    properties: { path: configPath, from: versionRef, to: versionRef },
  },
  response: { 200: envelope(diffAnswer) },
};

export const restoreSchema = {
  body: {
    type: 'object',
    required: ['path', 'versionId'],
    additionalProperties: false,
    properties: { path: configPath, versionId: { type: 'integer', minimum: 1, maximum: 999999999 } },
  },
  response: saveSchema.response,
};

export const dropSchema = {
  body: {
    type: 'object',
    required: ['path'],
    additionalProperties: false,
    properties: { path: configPath },
  },
  response: saveSchema.response,
};
