import { useEffect, useState } from 'react';
import type { MutationNode } from '../../../../../shared/config.gen.js';

export interface LookupOption {
  value: number;
  label: string;
}

/** What the form hands its lookup widgets through rjsf's formContext. */
export interface LookupFormContext {
  /** The choices of one of the mutation's lookups (`parent` narrows, e.g. a group's roles). */
  lookup: (id: string, parent?: number) => Promise<LookupOption[]>;
  mutation: MutationNode | null;
  /** The form's values as typed: a lookup with a `parent` field reads its value here. */
  formData?: Record<string, unknown>;
}

export function lookupContextOf(registry: { formContext?: unknown }): LookupFormContext | null {
  const ctx = registry.formContext as Partial<LookupFormContext> | undefined;
  return ctx?.lookup ? (ctx as LookupFormContext) : null;
}

/**
 * The value of the lookup's `parent` field in the form (e.g. the group whose roles are listed):
 * `needsParent` when the lookup declares one, `parent` its value once chosen.
 */
export function lookupParent(
  ctx: LookupFormContext | null,
  id: string | undefined,
): { parent: number | undefined; needsParent: boolean } {
  const field = ctx?.mutation?.lookups?.find((l) => l.id === id)?.parent;
  const value = field ? ctx?.formData?.[field] : undefined;
  return { parent: typeof value === 'number' ? value : undefined, needsParent: field !== undefined };
}

/** The options of a lookup, reloaded when the parent changes; [] while loading or on failure. */
export function useLookup(
  ctx: LookupFormContext | null,
  id: string | undefined,
  parent?: number,
  needsParent = false,
): { options: LookupOption[]; loading: boolean } {
  const [state, setState] = useState<{ key: string; options: LookupOption[] } | null>(null);
  const key = `${id ?? ''}:${parent ?? ''}`;
  // The function, not the context: the context is rebuilt on every keystroke (it carries formData).
  const lookup = ctx?.lookup;
  const skip = !lookup || !id || (needsParent && parent === undefined);
  useEffect(() => {
    if (skip) return;
    let live = true;
    lookup(id, parent).then(
      (options) => live && setState({ key, options }),
      // The spec: failures fetching roles, groups, activities are logged only, no user message.
      (err: unknown) => {
        console.warn(`lookup ${key} failed`, err);
        if (live) setState({ key, options: [] });
      },
    );
    return () => {
      live = false;
    };
  }, [lookup, id, parent, key, skip]);
  if (skip) return { options: [], loading: false };
  return state?.key === key ? { options: state.options, loading: false } : { options: [], loading: true };
}
