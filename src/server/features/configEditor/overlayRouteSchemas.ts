import { diffAnswer, restoreSchema, saveSchema, versionListAnswer } from './editorRouteSchemas.js';

/** Request and response schemas of the group overlay's endpoints (overlayPlugin.ts). */
const envelope = (data: object) => ({
  type: 'object',
  required: ['statusCode', 'msg'],
  properties: { statusCode: { type: 'integer' }, msg: { type: 'string' }, data },
});

const versionRef = { type: 'string', pattern: '^([0-9]{1,9}|current)$' };

export const overlayReadSchema = {
  response: {
    200: envelope({
      type: 'object',
      required: ['overlay', 'versionId', 'areas'],
      properties: {
        overlay: { type: 'object', additionalProperties: true },
        versionId: { type: ['integer', 'null'] },
        areas: { type: 'array', items: { type: 'object', additionalProperties: true } },
      },
    }),
  },
};

// The overlay's own grammar is checked by checkGroupOverlay, which names every refused property.
export const overlaySaveSchema = {
  body: {
    type: 'object',
    required: ['overlay'],
    additionalProperties: false,
    properties: { overlay: { type: 'object', additionalProperties: true } },
  },
  response: saveSchema.response,
};

export const overlayVersionsSchema = { response: { 200: envelope(versionListAnswer) } };

export const overlayDiffSchema = {
  querystring: {
    type: 'object',
    required: ['from', 'to'],
    additionalProperties: false,
    properties: { from: versionRef, to: versionRef },
  },
  response: { 200: envelope(diffAnswer) },
};

export const overlayRestoreSchema = {
  body: {
    type: 'object',
    required: ['versionId'],
    additionalProperties: false,
    properties: { versionId: restoreSchema.body.properties.versionId },
  },
  response: saveSchema.response,
};

export const overlayPreviewSchema = {
  body: overlaySaveSchema.body,
  response: {
    200: envelope({
      type: 'object',
      required: ['valid', 'problems', 'draftId'],
      properties: {
        valid: { type: 'boolean' },
        problems: {
          type: 'array',
          items: {
            type: 'object',
            required: ['pointer', 'message'],
            properties: { pointer: { type: 'string' }, message: { type: 'string' } },
          },
        },
        draftId: { type: ['string', 'null'] },
      },
    }),
  },
};
