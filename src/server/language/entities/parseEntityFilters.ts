import { BadRequestError } from '../../../shared/errors.js';
import { entityFilters, type ReadableEntity } from './entityReads.js';
import type { FilterValue } from './entityRepo.js';

const ID = /^[1-9]\d{0,9}$/;
const DATE = /^(\d{4}-\d{2}-\d{2}|-1)$/;
const MAX_IDS = 500;

/**
 * The request's filter parameters for an entity's rows: only the filters the entity declares,
 * each read by its kind (a bad value is a 400 naming it). Empty values mean "no filter".
 */
export function parseEntityFilters(
  entity: ReadableEntity,
  query: Readonly<Record<string, unknown>>,
): Record<string, FilterValue> {
  const declared = entityFilters(entity);
  const out: Record<string, FilterValue> = {};
  for (const [name, raw] of Object.entries(query)) {
    if (['limit', 'offset', 'order_by', 'order_type'].includes(name)) continue;
    const filter = declared[name];
    if (!filter) throw new BadRequestError(`${entity} rows have no filter "${name}"`);
    const text = String(raw).trim();
    if (text === '') continue;
    const bad = () => new BadRequestError(`Invalid value of filter "${name}"`);
    switch (filter.kind) {
      case 'id':
        if (!ID.test(text) || Number(text) > 2_147_483_647) throw bad();
        out[name] = Number(text);
        break;
      case 'idList': {
        const ids = text.split(',');
        if (ids.length > MAX_IDS || ids.some((id) => !ID.test(id) || Number(id) > 2_147_483_647)) throw bad();
        out[name] = ids.map(Number);
        break;
      }
      case 'text':
        if (text.length > 100) throw bad();
        out[name] = text;
        break;
      default:
        if (!DATE.test(text) || (text !== '-1' && Number.isNaN(Date.parse(text)))) throw bad();
        out[name] = text;
    }
  }
  return out;
}
