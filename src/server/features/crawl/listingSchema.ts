import { checkModelSchema, type DataModelEntry } from '../../../shared/crawl/modelSchemaRules.js';
import type { CrawlRepo } from './crawlRepo.js';

/**
 * A listing or bestseller schema of the group, checked: its fields and `items` (the repeating
 * result of the page). A missing, invalid or item-less schema stops the run with its reason.
 */
export async function listingSchema(
  repo: CrawlRepo,
  groupId: number,
  schemaId: number | null,
  what: 'listing' | 'bestseller',
): Promise<{ model: DataModelEntry[]; items: string }> {
  const row = schemaId === null ? undefined : await repo.schemaOf(groupId, schemaId);
  if (!row) throw new Error(`The channel profile has no ${what} schema`);
  const schema = checkModelSchema(row.schema_json);
  if (!schema.ok) throw new Error(`Model schema ${row.name}: ${schema.msg}`);
  const items = schema.schema.items;
  if (typeof items !== 'string' || items.trim() === '')
    throw new Error(`Model schema ${row.name} has no items (the repeating result of a ${what} page)`);
  return { model: schema.schema.dataModel, items };
}
