/** An OpenAPI 3.1 document as far as this file reads and writes it. */
interface OpenApiDoc {
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
}

const DATA_ROUTE = '/api/v1/{*}';
const SHARED_ITEM = 'configEndpoint';

/**
 * The document with every data endpoint of the live config at its own path (the spec's paths,
 * e.g. /api/v1/stock/data), each a reference to one shared path item: the generic data route's
 * GET without its wildcard parameter. A copy: the plugin's cached document is left as it is.
 */
export function withConfigEndpoints<T extends OpenApiDoc>(doc: T, endpointPaths: Iterable<string>): T {
  const dataRoute = doc.paths?.[DATA_ROUTE]?.get as { parameters?: { in: string }[] } | undefined;
  if (!dataRoute) return doc;
  const get = { ...dataRoute, parameters: (dataRoute.parameters ?? []).filter((p) => p.in !== 'path') };
  const paths = { ...doc.paths };
  for (const path of endpointPaths)
    paths[`/api/v1/${path}`] ??= { $ref: `#/components/pathItems/${SHARED_ITEM}` };
  const components = doc.components ?? {};
  const pathItems = (components.pathItems ?? {}) as Record<string, unknown>;
  return {
    ...doc,
    paths,
    components: { ...components, pathItems: { ...pathItems, [SHARED_ITEM]: { get } } },
  };
}
