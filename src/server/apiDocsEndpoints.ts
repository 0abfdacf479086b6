/** An OpenAPI 3.1 document as far as this file reads and writes it. */
interface OpenApiDoc {
  paths?: Record<string, object | undefined>;
  components?: object;
}

const DATA_ROUTE = '/api/v1/{*}';
const SHARED_ITEM = 'configEndpoint';

/**
 * The document with every data endpoint of the live config at its own path (the spec's paths,
 * e.g. /api/v1/stock/data), each a reference to one shared path item: the generic data route's
 * GET without its wildcard parameter. A copy: the plugin's cached document is left as it is.
 */
export function withConfigEndpoints<T extends OpenApiDoc>(doc: T, endpointPaths: Iterable<string>): T {
  const dataItem = doc.paths?.[DATA_ROUTE] as { get?: { parameters?: { in: string }[] } } | undefined;
  const dataRoute = dataItem?.get;
  if (!dataRoute) return doc;
  const get = { ...dataRoute, parameters: (dataRoute.parameters ?? []).filter((p) => p.in !== 'path') };
  const paths = { ...doc.paths };
  for (const path of endpointPaths)
    paths[`/api/v1/${path}`] ??= { $ref: `#/components/pathItems/${SHARED_ITEM}` };
  const components = (doc.components ?? {}) as { pathItems?: Record<string, unknown> };
  const pathItems = components.pathItems ?? {};
  return {
    ...doc,
    paths,
    components: { ...components, pathItems: { ...pathItems, [SHARED_ITEM]: { get } } },
  };
}
