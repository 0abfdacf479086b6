import type { ScreenConfig } from '../../../shared/config.gen.js';
import { pointer } from './configProblems.js';
import { suggestName } from '../model/suggestName.js';
import { TAG_SOURCE_FIELDS } from '../entities/groupTags.js';
import { entityFilters, isReadableEntity, type EntityFilter } from '../entities/entityReads.js';

const TAG_FIELDS = Object.values(TAG_SOURCE_FIELDS).filter((f): f is string => f !== undefined);

type Add = (p: string, message: string) => void;

/**
 * A screen without a dataset whose grids read store entities (client logs): each filter must be
 * a filter those entities declare (entityReads.ts), a `source` one the repository lists options
 * for, and a date picker needs the start_date / end_date filters. No grid over an entity: the
 * filters would change nothing, so they are refused too.
 */
export function checkStoreFilters(screen: ScreenConfig, add: Add): void {
  const declared = new Map<string, EntityFilter>();
  for (const w of screen.widgets)
    if (w.kind === 'grid' && w.rows?.entity !== undefined && isReadableEntity(w.rows.entity))
      for (const [name, f] of Object.entries(entityFilters(w.rows.entity))) declared.set(name, f);
  // A list endpoint's own filters (its route checks them): plain values, no options to suggest
  // but the spec's tag searches.
  for (const w of screen.widgets)
    if ((w.kind === 'grid' || w.kind === 'kpiTiles') && w.rows?.endpoint !== undefined)
      for (const name of w.rows.params ?? [])
        // The spec's tag fields list their options through the tag searches (storeSuggestions.ts).
        declared.set(name, { kind: 'id', ...(TAG_FIELDS.includes(name) ? { options: true as const } : {}) });
  (screen.filters ?? []).forEach((f, i) => {
    if (!('field' in f)) return;
    const filter = declared.get(f.field);
    if (!filter) {
      add(
        pointer('filters', i, 'field'),
        `no grid of the screen reads an entity with filter "${f.field}"${suggestName(f.field, declared.keys())}`,
      );
      return;
    }
    if ('source' in f && f.source !== undefined && !filter.options)
      add(pointer('filters', i, 'source'), `filter "${f.field}" has no options to suggest`);
  });
  if (screen.dates && !(declared.get('start_date') && declared.get('end_date')))
    add('/dates', 'no grid of the screen reads an entity filtered by start_date and end_date');
}
