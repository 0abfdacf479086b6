import { BadRequestError } from '../../../shared/errors.js';
import { checkAmsSchema } from '../../../shared/ams/amsSchemaRules.js';
import { ENTITY_CATALOGUE } from '../../language/entities/entityCatalogue.js';
import type { EntityFields, EntityRepo, EntityRow } from '../../language/entities/entityRepo.js';
import { groupOwnedRepo } from '../../language/entities/groupOwnedRepo.js';

const base = groupOwnedRepo('ams_schemas', ENTITY_CATALOGUE.amsSchema);

/**
 * The spec's JSON rules cannot be said in a JSON Schema the form shares, so the repository checks
 * them inside the write (400 with the spec's message, nothing written) with the same function as
 * the amsSchema/insert and /update routes, and stores the texts pretty-printed as they do.
 */
function checked(fields: EntityFields): EntityFields {
  const target = typeof fields.channel_target === 'string' ? fields.channel_target : undefined;
  const model = typeof fields.ams_model === 'string' ? fields.ams_model : '';
  const check = checkAmsSchema(model, target);
  if (!check.ok) throw new BadRequestError(check.msg);
  return {
    ...fields,
    ams_model: JSON.stringify(check.model, null, 2),
    channel_target: check.target ? JSON.stringify(check.target, null, 2) : null,
  };
}

/** The ad channels the form offers (spec: channel ids 1 Amazon, 4 Flipkart), for the grid's names. */
const AD_CHANNEL_NAMES: Readonly<Record<number, string>> = { 1: 'Amazon', 4: 'Flipkart' };

/** What the grid shows of a schema besides the texts: its ad channel by name, how many top-level keys the model has. */
function view(row: EntityRow): EntityRow {
  let keys: number;
  try {
    keys = Object.keys(JSON.parse(String(row.ams_model)) as object).length;
  } catch {
    keys = 0;
  }
  const channel = Number(row.ams_channel_id);
  return {
    ...row,
    ams_channel: AD_CHANNEL_NAMES[channel] ?? `Channel ${channel}`,
    model_keys: keys,
    has_target: row.channel_target ? 'Yes' : 'No',
  };
}

/** An AMS schema of the session's group (processmonitor/ams_schema's list, add and edit). */
export const amsSchemaEntity: EntityRepo = {
  ...base,
  create: async (db, fields, actor, groupId, ctx) =>
    view(await base.create(db, checked(fields), actor, groupId, ctx)),
  update: async (db, id, fields, readAt, ctx) => {
    const result = await base.update(db, id, checked(fields), readAt, ctx);
    return result.kind === 'missing' ? result : { ...result, row: view(result.row) };
  },
  find: async (db, id) => {
    const row = await base.find(db, id);
    return row ? view(row) : undefined;
  },
  list: async (db, request) => {
    const page = await base.list(db, request);
    return { ...page, rows: page.rows.map(view) };
  },
};
