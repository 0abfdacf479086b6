/**
 * The routes the server publishes, read from its own OpenAPI document (GET /api/docs): a route
 * added to the server joins every sweep built on this list without being named anywhere.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** OpenAPI path, e.g. /api/v1/views/{id}. */
  path: string;
  params: Parameter[];
  /** JSON body schema; undefined when the route takes none (or a multipart one: `multipart`). */
  body?: JsonSchema;
  multipart: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/** "GET /api/v1/views/{id}": how exemption lists and failures name an operation. */
export const operationKey = (op: Pick<Operation, 'method' | 'path'>): string => `${op.method} ${op.path}`;

export function operationsOf(doc: unknown): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries((doc as OpenApiDoc).paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        params: op.parameters ?? [],
        body: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return ops.sort((a, b) => operationKey(a).localeCompare(operationKey(b)));
}
