import type { MutationNode } from '../../../shared/config.gen.js';
import { BadRequestError } from '../../../shared/errors.js';
import { LOOKUP_PROVIDERS, type LookupSources } from '../../language/entities/lookups.js';
import type { EntityFields, EntityRow } from '../../language/entities/entityRepo.js';

const idsOf = (value: unknown): unknown[] =>
  (Array.isArray(value) ? value : [value]).filter((v) => v !== undefined && v !== null);

/**
 * A body field bound to a lookup (`lookups[].field`) holds only that lookup's choices: the form
 * lists them, and a write naming any other id is refused (400, naming them) — e.g. a group's
 * channels must be dim_channel's. An id the row already holds passes, so a row saved before its
 * choice left the list stays editable.
 */
export async function refuseUnlistedChoices(
  sources: LookupSources,
  mutation: MutationNode,
  fields: EntityFields,
  scope: readonly number[],
  before: EntityRow | null,
): Promise<void> {
  for (const lookup of mutation.lookups ?? []) {
    if (!lookup.field) continue;
    const held = new Set(idsOf(before?.[lookup.field]));
    const sent = idsOf(fields[lookup.field]).filter((v) => !held.has(v));
    if (sent.length === 0) continue;
    const parentValue = lookup.parent ? fields[lookup.parent] : undefined;
    const parent = typeof parentValue === 'number' ? parentValue : undefined;
    const choices = await LOOKUP_PROVIDERS[lookup.entity](sources, scope, parent);
    const listed = new Set(choices.map((c) => c.value));
    const unknown = sent.filter((v) => typeof v !== 'number' || !listed.has(v));
    if (unknown.length)
      throw new BadRequestError(`Unknown ${lookup.entity} id(s): ${unknown.map(String).join(', ')}`);
  }
}
