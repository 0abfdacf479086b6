import type { ScreenConfig } from '../../../shared/config.gen.js';
import { BadRequestError, NotFoundError } from '../../../shared/errors.js';
import type { Db, OptionItem } from '../../language/entities/entityRepo.js';
import {
  entityFilters,
  isListedWarehouseEntity,
  isReadableEntity,
} from '../../language/entities/entityReads.js';
import { READ_REGISTRY } from '../writes/readRegistry.js';
import { groupTagOptions, TAG_SOURCE_FIELDS } from '../../language/entities/groupTags.js';
import { groupsGranting } from '../../platform/store/adminScopeRepo.js';

const MAX_PREFIX = 100;

/**
 * Options of a filter on a screen without a dataset, whose grids read store entities: the
 * filter's `source` names it, its `field` must be a filter with options of an entity a grid of
 * the screen reads, and only the caller's groups (where their role grants the screen) answer.
 */
export async function storeSuggestions(
  db: Db,
  screen: ScreenConfig,
  source: string,
  query: Readonly<Record<string, unknown>>,
  userId: number,
): Promise<{ options: OptionItem[]; total: number }> {
  const filter = (screen.filters ?? []).find((f) => 'source' in f && f.source === source);
  const field = filter && 'field' in filter ? filter.field : undefined;
  const entity = screen.widgets
    .map((w) => (w.kind === 'grid' ? w.rows?.entity : undefined))
    .find((e) => e !== undefined && isReadableEntity(e) && entityFilters(e)[field ?? '']?.options);
  const repo =
    entity && isReadableEntity(entity) && !isListedWarehouseEntity(entity)
      ? READ_REGISTRY[entity]
      : // The spec's tag searches on a grid read from an endpoint (report mailers): the same options.
        field !== undefined && TAG_SOURCE_FIELDS[source] === field
        ? { options: groupTagOptions }
        : undefined;
  if (!field || !repo?.options)
    throw new NotFoundError(`Unknown suggestion source "${source}" for ${screen.area}/${screen.id}`);
  const prefix = typeof query.prefix === 'string' ? query.prefix.trim() : '';
  if (prefix.length > MAX_PREFIX)
    throw new BadRequestError(`prefix is too long (at most ${MAX_PREFIX} characters)`);
  const offset = Math.max(0, Number(query.offset ?? 0) || 0);
  const limit = Math.min(100, Math.max(1, Number(query.staticSize ?? 10) || 10));
  const groupIds = await groupsGranting(db, userId, screen.permission);
  return repo.options(db, { groupIds, field, prefix, limit, offset });
}
