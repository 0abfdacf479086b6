import { sql, type Kysely } from 'kysely';
import { ADMIN_ACTIVITIES } from '../../../shared/admin/adminActivities.js';
import { BadRequestError, ForbiddenError } from '../../../shared/errors.js';
import { groupsGranting } from '../../platform/store/adminScopeRepo.js';
import type { StoreDatabase } from '../../platform/store/storeDatabase.js';

type Db = Kysely<StoreDatabase>;

/**
 * Group tags among a mailer's recipients (spec §2 search_group_tags on report/reportmailer). A
 * recipient is an e-mail address or `group:<id>`; a group is stored by id and expands at each send
 * to the group's active users (user active, mapping active), so a user blocked or unmapped since
 * the save no longer receives the report.
 */
const ACTIVITY = ADMIN_ACTIVITIES.reportMailer.url;
const GROUP_TAG = /^group:([1-9]\d{0,9})$/;
/** A mail with more envelope recipients than this is refused, not cut short (no silent cap). */
export const MAX_RECIPIENTS = 200;
export const GROUP_NOT_YOURS = 'Group tag not found in your groups';
export const NO_ACTIVE_RECIPIENT = 'No active recipient: the tagged groups have no active users';
export const tooManyRecipients = (n: number) =>
  `Too many recipients: ${n} after expanding the group tags (at most ${MAX_RECIPIENTS})`;

export const groupTag = (groupId: number) => `group:${groupId}`;

/** The typed recipients split into addresses (lower-cased, de-duplicated) and group ids. */
export function splitRecipients(recipients: readonly string[]): { emails: string[]; groupIds: number[] } {
  const emails = new Set<string>();
  const groupIds = new Set<number>();
  for (const r of recipients) {
    const tag = GROUP_TAG.exec(r);
    if (tag) groupIds.add(Number(tag[1]));
    else emails.add(r.trim().toLowerCase());
  }
  return { emails: [...emails], groupIds: [...groupIds] };
}

/** Groups whose users the caller may tag: their session group and the groups where they run mailers. */
export async function taggableGroups(db: Db, userId: number, groupId: number): Promise<number[]> {
  const granted = await groupsGranting(db, userId, ACTIVITY);
  return [...new Set([groupId, ...granted])];
}

/** A 403 for any tagged group outside the caller's groups (another tenant's group), before a save. */
export async function checkGroupTags(db: Db, userId: number, groupId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const mine = new Set(await taggableGroups(db, userId, groupId));
  if (ids.some((id) => !mine.has(id))) throw new ForbiddenError(GROUP_NOT_YOURS);
}

const activeMembers = (db: Db, groupIds: number[]) =>
  db
    .selectFrom('user_group_roles as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.group_id', 'in', groupIds.length ? groupIds : [-1])
    .where('m.status', '=', true)
    .where('u.status', '=', 'active');

export interface GroupTag {
  id: number;
  /** The value the recipients field stores. */
  value: string;
  name: string;
  users: number;
  /** As the grid and the tag input show it: 'Group: Demo Brands (12)'. */
  label: string;
}

/** Group tags by id (missing groups are left out), with their active user counts. */
export async function groupTagsById(db: Db, ids: readonly number[]): Promise<Map<number, GroupTag>> {
  if (!ids.length) return new Map();
  const groups = await db
    .selectFrom('groups')
    .select(['id', 'group_name'])
    .where('id', 'in', [...ids])
    .execute();
  const counts = await activeMembers(
    db,
    groups.map((g) => g.id),
  )
    .select(['m.group_id', (eb) => eb.fn.count<string>('u.id').distinct().as('n')])
    .groupBy('m.group_id')
    .execute();
  const n = new Map(counts.map((c) => [c.group_id, Number(c.n)]));
  return new Map(
    groups.map((g) => {
      const users = n.get(g.id) ?? 0;
      const tag = { id: g.id, value: groupTag(g.id), name: g.group_name, users };
      return [g.id, { ...tag, label: `Group: ${g.group_name} (${users})` }];
    }),
  );
}

/** The tag search: the caller's groups whose name contains `text` (case-insensitive), by name. */
export async function searchGroupTags(
  db: Db,
  scope: number[],
  text: string,
  limit: number,
): Promise<GroupTag[]> {
  const like = `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('groups')
    .select('id')
    .where('id', 'in', scope.length ? scope : [-1])
    .where(sql<boolean>`lower(group_name) like ${like}`)
    .orderBy('group_name')
    .limit(limit)
    .execute();
  const tags = await groupTagsById(
    db,
    rows.map((r) => r.id),
  );
  return rows.flatMap((r) => tags.get(r.id) ?? []);
}

/** Everyone a send reaches: the addresses and the tagged groups' active users, de-duplicated, sorted. */
export async function expandRecipients(
  db: Db,
  emails: readonly string[],
  groupIds: number[],
): Promise<string[]> {
  const members = groupIds.length
    ? await activeMembers(db, groupIds).select('u.user_name').distinct().execute()
    : [];
  return [...new Set([...emails.map((e) => e.toLowerCase()), ...members.map((m) => m.user_name)])].sort();
}

/**
 * A mailer's recipients at send time. A tagged group still counts only while it is the mailer's
 * own group or one where the mailer's creator runs mailers: access taken away after the save
 * takes that group's users out too.
 */
export async function recipientsAtSend(
  db: Db,
  mailer: { group_id: number; created_by: number | null; recipients: string[]; recipient_groups: number[] },
): Promise<string[]> {
  const ids = mailer.recipient_groups ?? [];
  const scope =
    ids.length && mailer.created_by
      ? await taggableGroups(db, mailer.created_by, mailer.group_id)
      : [mailer.group_id];
  return expandRecipients(
    db,
    mailer.recipients,
    ids.filter((id) => scope.includes(id)),
  );
}

/** The save's check that the expanded list can be sent. */
export function checkRecipientCount(recipients: readonly string[]): void {
  if (recipients.length > MAX_RECIPIENTS) throw new BadRequestError(tooManyRecipients(recipients.length));
}
