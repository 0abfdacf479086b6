import { useCallback, useMemo } from 'react';
import { useEngine } from '../../../runtime/EngineContext.js';
import type { LookupFormContext, LookupOption } from './lookupContext.js';

/**
 * A lookup context over an endpoint answering `{ value, label }` items (uiSchema
 * `ui:options.source`), for a form that posts to an endpoint rather than a mutation with lookups.
 * `parent`, when given, is sent as the `parent` query value.
 */
export function useSourceLookup(endpoint: string): LookupFormContext {
  const { source } = useEngine();
  const lookup = useCallback(
    async (_id: string, parentId?: number) => {
      const res = await source.submit(endpoint, 'GET', parentId !== undefined ? { parent: parentId } : {});
      if (res.statusCode !== 1) throw new Error(res.msg);
      return res.data as LookupOption[];
    },
    [source, endpoint],
  );
  return useMemo<LookupFormContext>(() => ({ lookup, mutation: null }), [lookup]);
}
