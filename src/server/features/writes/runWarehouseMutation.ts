import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../../shared/errors.js';
import { ADMIN_MSG } from '../../../shared/admin/adminMessages.js';
import { auditChange } from '../../platform/store/auditRepo.js';
import { groupsGranting } from '../../platform/store/adminScopeRepo.js';
import type { Db, EntityFields, EntityRow } from '../../language/entities/entityRepo.js';
import { newWriteToken } from '../../language/entities/warehouseEntity.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { changedFields, PAST, type MutationOutcome } from './runMutation.js';
import type { ResolvedWarehouseMutation } from './screenMutation.js';

/**
 * A warehouse entity's write (docs/write-half.md "Warehouse entities"): the row as stored must
 * belong to a group where the caller's role grants the permission; an edit must carry the row's
 * write token as read (else 409, nothing written) and its statements run in ONE warehouse
 * transaction guarded by that token; then the audit entry goes to the store. The two databases
 * share no transaction, so the audit follows the warehouse's commit: a store failure at that
 * instant would leave a written row unaudited, never an audited row unwritten.
 */
export async function runWarehouseMutation(
  db: Db,
  wh: Warehouse,
  resolved: ResolvedWarehouseMutation,
  body: EntityFields,
): Promise<MutationOutcome> {
  const { mutation, repo, auth } = resolved;
  const { id, updated_at: readToken, ...fields } = body;
  const token = newWriteToken();
  let before: EntityRow | null = null;
  if (mutation.operation === 'create') {
    if (!repo.create) throw new BadRequestError(`${mutation.entity} rows cannot be created`);
    // The session's group: requireActivity checked the caller's role grants the permission there.
    await wh.transaction(await repo.create(wh, fields, auth.groupId, token));
  } else {
    if (mutation.operation === 'delete')
      throw new BadRequestError(`${mutation.entity} rows cannot be deleted`);
    before = (await repo.find(wh, id as number)) ?? null;
    if (!before) throw new NotFoundError(ADMIN_MSG.notInScope);
    const scope = await groupsGranting(db, auth.userId, resolved.permission);
    if (!scope.includes(before.group_id as number)) throw new ForbiddenError(ADMIN_MSG.notInScope);
    if (before.updated_at !== readToken) throw new ConflictError(ADMIN_MSG.staleEdit);
    let values = fields;
    if (mutation.operation === 'toggle') {
      const { field, values: pair } = mutation.toggle!;
      values = { [field]: before[field] === pair[0] ? pair[1] : pair[0] };
    }
    await wh.transaction(await repo.update(wh, before, values, token));
  }
  const groupId = before ? (before.group_id as number) : auth.groupId;
  const after = await repo.findByToken(wh, groupId, token);
  // The guarded UPDATE matched nothing: another write changed the row after it was read.
  if (!after) throw new ConflictError(ADMIN_MSG.staleEdit);
  await auditChange(db, {
    actor: auth.userId,
    groupId,
    entity: mutation.entity,
    entityId: after.id as number,
    action: `${mutation.entity}.${PAST[mutation.operation]}`,
    before,
    after,
  });
  return { id: after.id as number, row: after, changed: changedFields(before, after) };
}
