import type { FieldProblem } from '../errors.js';
import { isEmail } from '../auth/accessRules.js';
import { ADMIN_MSG } from './adminMessages.js';

/**
 * The admin forms' field rules (docs/product-spec.md §5) as functions over the submitted payload:
 * the overlay shows them under the fields, the server refuses the same body with the same words.
 * Each returns every problem, in form order; the first one is the answer's `msg`.
 */
export interface GroupPayload {
  groupName?: string;
  channels?: number[];
  notifyToEmail?: string;
  end_date?: string;
  crawl_type?: number[];
  accountRequestedBy?: string;
  accountManagerName?: string;
  accountManagerEmail?: string;
  associate1Name?: string;
  associate1Email?: string;
  associate2Name?: string;
  associate2Email?: string;
  taskId?: string;
  comments?: string;
  operationType?: number[];
  schema_type?: number[];
}

const blank = (value: string | undefined) => !value || value.trim() === '';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function groupProblems(body: GroupPayload): FieldProblem[] {
  const out: FieldProblem[] = [];
  const need = (path: keyof GroupPayload, ok: boolean, message: string) => {
    if (!ok) out.push({ path, message });
  };
  const text = (key: keyof GroupPayload) => body[key] as string | undefined;
  need('groupName', !blank(body.groupName), ADMIN_MSG.groupNameRequired);
  need('end_date', !blank(body.end_date) && DATE.test(body.end_date ?? ''), ADMIN_MSG.endDateEmpty);
  need('channels', (body.channels ?? []).length > 0, ADMIN_MSG.channelEmpty);
  need('crawl_type', (body.crawl_type ?? []).length > 0, ADMIN_MSG.crawlTypeEmpty);
  for (const key of ['notifyToEmail', 'accountManagerEmail', 'associate1Email'] as const)
    need(key, isEmail(text(key) ?? ''), ADMIN_MSG.invalidEmail);
  // Associate 2 is optional, but an address given must be one.
  if (!blank(body.associate2Email))
    need('associate2Email', isEmail(body.associate2Email!), ADMIN_MSG.invalidEmail);
  need('accountRequestedBy', !blank(body.accountRequestedBy), ADMIN_MSG.accountRequestedByRequired);
  need('accountManagerName', !blank(body.accountManagerName), ADMIN_MSG.accountManagerNameRequired);
  need('associate1Name', !blank(body.associate1Name), ADMIN_MSG.associate1NameRequired);
  need('taskId', !blank(body.taskId), ADMIN_MSG.taskIdRequired);
  return out;
}

/** One group -> role mapping of the user form (§3 "Mapping entry"). */
export interface MappingEntry {
  group_id: number;
  role_id: number;
  /** Active or not; takes effect on save. */
  status?: boolean;
  /** Edit only: the row is to be removed. */
  is_delete?: boolean;
}

export interface UserPayload {
  id?: number;
  user_name?: string;
  first_name?: string;
  last_name?: string;
  mappings: MappingEntry[];
}

export function userProblems(body: UserPayload, mode: 'create' | 'edit'): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (blank(body.first_name)) out.push({ path: 'first_name', message: ADMIN_MSG.firstNameRequired });
  if (!isEmail(body.user_name ?? '')) out.push({ path: 'user_name', message: ADMIN_MSG.userNameEmail });
  const kept = body.mappings.filter((m) => !m.is_delete);
  if (kept.length === 0) out.push({ path: 'object_array', message: ADMIN_MSG.mapGroup });
  const seen = new Set<number>();
  for (const m of kept) {
    // On create any second row of a group is a duplicate; on edit only a second active one.
    if (mode === 'edit' && m.status === false) continue;
    if (seen.has(m.group_id)) {
      const message = mode === 'create' ? ADMIN_MSG.groupMapped : ADMIN_MSG.groupMappedActive;
      out.push({ path: 'object_array', message });
      break;
    }
    seen.add(m.group_id);
  }
  return out;
}

export interface RolePayload {
  groupId?: number;
  name?: string;
  description?: string;
  activityIds: number[];
  role_id?: number;
}

export function roleProblems(body: RolePayload, mode: 'create' | 'edit'): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (!body.groupId)
    out.push({
      path: 'groupId',
      message: mode === 'create' ? ADMIN_MSG.selectGroupCreate : ADMIN_MSG.selectGroupEdit,
    });
  if (blank(body.name)) out.push({ path: 'name', message: ADMIN_MSG.roleNameRequired });
  if (body.activityIds.length === 0) out.push({ path: 'activity_id', message: ADMIN_MSG.selectActivity });
  return out;
}
