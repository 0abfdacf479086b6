import type { FastifyInstance } from 'fastify';

interface ParamsSchema {
  type: 'object';
  required?: string[];
  properties: Record<string, object>;
}

/**
 * The live routes' schemas, plus a parameter of the prefix they are mounted under (documented in
 * /api/docs and validated): the screen editor's drafts/:draftId and paxviz's slideview/:viewId.
 */
export function addPrefixParam(app: FastifyInstance, name: string, schema: object): void {
  app.addHook('onRoute', (route) => {
    const params = (route.schema?.params ?? { type: 'object', properties: {} }) as ParamsSchema;
    route.schema = {
      ...route.schema,
      params: {
        ...params,
        required: [...(params.required ?? []), name],
        properties: { ...params.properties, [name]: schema },
      },
    };
  });
}
