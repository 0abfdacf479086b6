import { BadRequestError } from '../../../shared/errors.js';
import {
  createGroup,
  findGroupById,
  findGroupByName,
  pageGroups,
  updateGroup,
  type GroupFields,
} from '../../platform/store/groupRepo.js';
import { putMapping } from '../../platform/store/mappingRepo.js';
import { applyAutoGrants } from '../../platform/store/accessRepo.js';
import { ENTITY_CATALOGUE } from './entityCatalogue.js';
import { groupTagOptions, taggedGroups } from './groupTags.js';
import type { Db, EntityFields, EntityRepo } from './entityRepo.js';
import { STAFF_ONLY_FIELDS } from './staffOnlyChanges.js';

const FIELDS = ENTITY_CATALOGUE.group;
const NOT_NULL = new Set(['group_name', 'status', 'comments', 'operation_type']);

/**
 * The body's fields as group columns: only catalogue fields pass, strings are trimmed, and a
 * blank optional string is stored as null (the form sends '' for an untouched field).
 */
function toGroupFields(fields: EntityFields): Partial<GroupFields> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!Object.hasOwn(FIELDS, name) || value === undefined) continue;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      out[name] = trimmed === '' && !NOT_NULL.has(name) ? null : trimmed;
    } else out[name] = value;
  }
  return out;
}

/** The `group` entity: a tenant. Its creator becomes its first admin, so someone administers it. */
export const groupEntity: EntityRepo = {
  createsTenant: true,
  staffOnlyFields: STAFF_ONLY_FIELDS.group,
  groupOf: (row) => row.id as number,
  find: (db, id) => findGroupById(db, id),
  async findByUnique(db, field, value) {
    if (field !== 'group_name' || typeof value !== 'string') return undefined;
    return findGroupByName(db, value);
  },
  list: async (db, { groupIds, orderBy, filters, ...page }) =>
    pageGroups(db, await taggedGroups(db, groupIds, filters ?? {}), {
      ...page,
      orderBy: orderBy as Parameters<typeof pageGroups>[2]['orderBy'],
    }),
  options: (db, request) => groupTagOptions(db, request),
  async create(db, fields, actorUserId) {
    const values = toGroupFields(fields);
    if (!values.group_name) throw new BadRequestError('Group Name is a required attribute.');
    const group = await createGroup(db, { end_date: null, ...values, group_name: values.group_name });
    await makeGroupAdmin(db, group.id, actorUserId);
    return group;
  },
  async update(db, id, fields, readAt) {
    const result = await updateGroup(db, id, toGroupFields(fields), readAt);
    return result.kind === 'updated' ? { kind: 'written', row: result.row } : result;
  },
};

/** A new group's first admin: an Admin role with every activity (auto-grant '%'), mapped to `userId`. */
export async function makeGroupAdmin(db: Db, groupId: number, userId: number): Promise<void> {
  const role = await db
    .insertInto('roles')
    .values({ group_id: groupId, name: 'Admin', description: 'Every screen', auto_grant: '%' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await applyAutoGrants(db);
  await putMapping(db, userId, { group_id: groupId, role_id: role.id, status: true });
}
