import type { MappingEntry } from '../../../shared/admin/adminRules.js';
import { sendUserToken } from '../auth/passwordService.js';
import * as userAdmin from './userAdminService.js';
import { usersInGroups, type UserGridRow, type UserSort } from './userGrid.js';
import type {
  Db,
  EntityFields,
  EntityRepo,
  EntityRow,
  WriteContext,
  WriteResult,
} from '../../language/entities/entityRepo.js';
import { claimVersion } from '../../language/entities/versionGate.js';
import { groupTagOptions } from '../../language/entities/groupTags.js';

/** A user as the generic routes show it: the grid's row (mappings of the caller's groups only). */
async function userRow(db: Db, id: number, scope: readonly number[]): Promise<EntityRow | undefined> {
  const page = await usersInGroups(db, scope, { limit: 1, offset: 0, id });
  return page.rows[0] ? withGroupRoles(page.rows[0]) : undefined;
}

/** Display columns: "Group (Role)" per mapping (inactive ones marked) and the account's state. */
function withGroupRoles(row: UserGridRow): EntityRow {
  const group_roles = row.mappings
    .map((m) => `${m.group} (${m.role}${m.status ? '' : ', inactive'})`)
    .join(', ');
  const account = row.status === 'blocked' ? 'Blocked' : row.verified ? 'Active' : 'Pending activation';
  return { ...row, group_roles, account };
}

function mappingsOf(fields: EntityFields): MappingEntry[] {
  return ((fields.mappings as MappingEntry[] | undefined) ?? []).map((m) => ({
    group_id: m.group_id,
    role_id: m.role_id,
    ...(m.status !== undefined ? { status: m.status } : {}),
    ...(m.is_delete !== undefined ? { is_delete: m.is_delete } : {}),
  }));
}

/** A validated string field ('' when absent: optional fields may be left out). */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function requireCtx(ctx: WriteContext | undefined): WriteContext {
  if (!ctx) throw new Error('user writes need the caller (WriteContext)');
  return ctx;
}

/**
 * The `user` entity: a person with group -> role mappings, written in one transaction with them
 * through the same steps as the spec's user routes (src/server/access/admin/userAdminService.ts). A user
 * spans groups: an admin sees and writes only the mappings of the groups they administer.
 */
export const userEntity: EntityRepo = {
  groupOf: (row) => (row.mappings as { group_id: number }[] | undefined)?.[0]?.group_id ?? 0,
  inScope: (row, scope) =>
    ((row.mappings as { group_id: number }[] | undefined) ?? []).some((m) => scope.includes(m.group_id)),
  async find(db, id, scope = []) {
    const row = await userRow(db, id, scope);
    if (row) return row;
    // Someone else's user: known to exist (403, not 404), but nothing of theirs is shown.
    const exists = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    return exists ? { id, mappings: [] } : undefined;
  },
  async findByUnique(db, field, value) {
    if (field !== 'user_name' || typeof value !== 'string') return undefined;
    return db
      .selectFrom('users')
      .select(['id', 'user_name'])
      .where('user_name', '=', value.trim().toLowerCase())
      .executeTakeFirst();
  },
  async list(db, { groupIds, orderBy, descending, limit, offset, where, filters }) {
    const status = where?.status === 'active' || where?.status === 'blocked' ? where.status : undefined;
    // The spec's tag search (search_group_tags, search_user_tags): narrows, never widens, the scope.
    const ids = filters?.user_ids;
    const inGroups = filters?.group_ids;
    const page = await usersInGroups(db, groupIds, {
      limit,
      offset,
      orderBy: orderBy as UserSort,
      descending,
      ...(status ? { status } : {}),
      ...(Array.isArray(ids) ? { ids } : {}),
      ...(Array.isArray(inGroups) ? { inGroups } : {}),
    });
    return { total: page.total, rows: page.rows.map(withGroupRoles) };
  },
  options: (db, request) => groupTagOptions(db, request),
  async create(db, fields, _actor, _groupId, ctx) {
    const context = requireCtx(ctx);
    const scope = context.scope;
    const body = {
      user_name: text(fields.user_name).trim().toLowerCase(),
      first_name: text(fields.first_name),
      last_name: text(fields.last_name),
      mappings: mappingsOf(fields).filter((m) => !m.is_delete),
    };
    await userAdmin.checkMappings(db, scope, body.mappings);
    const user = await userAdmin.insertUserWithMappings(db, body);
    context.afterCommit((kit) => sendUserToken(kit, user, 'activation'));
    return (await userRow(db, user.id, scope))!;
  },
  async update(db, id, fields, readAt, ctx): Promise<WriteResult> {
    const { scope, actorUserId } = requireCtx(ctx);
    const before = await userRow(db, id, scope);
    if (!before) return { kind: 'missing' };
    const claim = await claimVersion(db, 'users', id, readAt);
    if (claim !== 'claimed') return claim === 'stale' ? { kind: 'stale', row: before } : { kind: 'missing' };
    if (fields.status === 'active' || fields.status === 'blocked') {
      // The status row action (a toggle): block or unblock only.
      await userAdmin.setBlocked(db, actorUserId, id, fields.status, scope);
    } else {
      const mappings = mappingsOf(fields);
      await userAdmin.checkMappings(db, scope, mappings);
      await userAdmin.applyUserEdit(
        db,
        id,
        before.mappings as UserGridRow['mappings'],
        { first_name: text(fields.first_name), last_name: text(fields.last_name), mappings },
        scope,
      );
    }
    return { kind: 'written', row: (await userRow(db, id, scope)) ?? before };
  },
};
