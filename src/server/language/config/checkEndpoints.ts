import type { ScreenConfig } from '../../../shared/config.gen.js';
import type { ConfigProblem, EndpointBinding } from './configRegistry.js';
import { pointer } from './configProblems.js';

/** Paths other plugins own under /api/v1: a config endpoint there would be shadowed. */
const RESERVED_PREFIXES = ['config', 'suggestion'];

export interface ScreenFile {
  file: string;
  key: string;
  screen: ScreenConfig;
  /** For a screen an area shows through `extends`: the base screen's key (its endpoints are the base's). */
  baseKey?: string;
}

/**
 * Every query endpoint (and its `/export` variant) of every screen, which must be unique across
 * the product: the generic data route finds its query by path alone.
 */
export function collectEndpoints(
  screens: readonly ScreenFile[],
  problems: ConfigProblem[],
  variants: readonly ScreenFile[] = [],
): Map<string, EndpointBinding> {
  const endpoints = new Map<string, EndpointBinding & { at: string }>();
  for (const { file, key, screen } of screens) {
    (screen.queries ?? []).forEach((q, i) => {
      const at = pointer('queries', i, 'endpoint');
      for (const path of q.export ? [q.endpoint, `${q.endpoint}/export`] : [q.endpoint]) {
        const first = endpoints.get(path);
        if (first)
          problems.push({
            file,
            pointer: at,
            message: `endpoint "${path}" is already declared in ${first.at}`,
          });
        else if (RESERVED_PREFIXES.includes(path.split('/')[0]!))
          problems.push({ file, pointer: at, message: `endpoint "${path}" is reserved` });
        else
          endpoints.set(path, {
            screenKey: key,
            queryId: q.id,
            export: path !== q.endpoint,
            at: `${file}#${at}`,
          });
      }
    });
  }
  const variantsOf = new Map<string, string[]>();
  for (const { key, screen, baseKey } of variants)
    for (const q of screen.queries ?? [])
      for (const path of q.export ? [q.endpoint, `${q.endpoint}/export`] : [q.endpoint])
        if (endpoints.get(path)?.screenKey === baseKey)
          variantsOf.set(path, [...(variantsOf.get(path) ?? []), key]);
  return new Map(
    [...endpoints].map(([path, b]) => {
      const more = variantsOf.get(path);
      return [
        path,
        { screenKey: b.screenKey, queryId: b.queryId, export: b.export, ...(more ? { variants: more } : {}) },
      ];
    }),
  );
}
