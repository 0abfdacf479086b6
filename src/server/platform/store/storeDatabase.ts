/** Table types of the app store; grows with each migration (see migrations/). */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A timestamp: read as Date, written as Date or ISO text, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A jsonb list of ids: read as numbers, written as JSON text. */
type JsonIds = ColumnType<number[], string | undefined, string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface GroupsTable {
  id: Generated<number>;
  group_name: string;
  /** 1 active; anything else is shown as expired. */
  status: ColumnType<number, number | undefined, number>;
  /** YYYY-MM-DD; a group past its end date counts as expired. */
  end_date: string | null;
  created_at: Timestamp;
  // The spec's group fields (migration 070); ids are jsonb arrays.
  notify_to_email: string | null;
  account_requested_by: string | null;
  account_manager_name: string | null;
  account_manager_email: string | null;
  associate1_name: string | null;
  associate1_email: string | null;
  associate2_name: string | null;
  associate2_email: string | null;
  task_id: string | null;
  comments: Defaulted<string>;
  /** Spec §3 operationType; 1 unless the form says otherwise. */
  operation_type: Defaulted<number>;
  /** Channel, crawl type and Athena-sync schema type ids. */
  channels: JsonIds;
  crawl_types: JsonIds;
  schema_types: JsonIds;
  /** Moves on every write: an edit carrying an older value is stale. */
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  /** Lower-cased e-mail. */
  user_name: string;
  first_name: string;
  last_name: string;
  /** argon2id; null until the account is activated. */
  password_hash: string | null;
  status: ColumnType<'active' | 'blocked', 'active' | 'blocked' | undefined, 'active' | 'blocked'>;
  verified: ColumnType<boolean, boolean | undefined, boolean>;
  /** Platform staff (docs/principals.md): above groups, the only ones who edit the global config. */
  is_platform_staff: ColumnType<boolean, boolean | undefined, boolean>;
  last_success_login: NullableTimestamp;
  last_failed_login: NullableTimestamp;
  password_changed_at: NullableTimestamp;
  /** The user menu's number style ('indian' / 'international'); null: never chosen, the default. */
  number_style: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** Moves on every admin write (names, mappings, status): an edit carrying an older value is stale. */
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  description: string;
  /** LIKE pattern of activity urls the role receives whenever activities sync ('%' = all screens). */
  auto_grant: string | null;
  created_at: Timestamp;
  /** Moves on every write (name, description, activities): an edit carrying an older value is stale. */
  updated_at: Timestamp;
}

export interface ActivitiesTable {
  id: Generated<number>;
  /** The screen permission, e.g. 'stock/kpi'. */
  url: string;
  name: string;
  /** false when the screen left the config (kept so role mappings survive a rename back). */
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface RoleActivitiesTable {
  role_id: number;
  activity_id: number;
}

export interface UserGroupRolesTable {
  id: Generated<number>;
  user_id: number;
  group_id: number;
  role_id: number;
  status: ColumnType<boolean, boolean | undefined, boolean>;
}

export type SessionStage = 'otp' | 'group' | 'active';

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked table does not leak sessions. */
  id: string;
  user_id: number;
  group_id: number | null;
  stage: SessionStage;
  /** Set once the OTP step passed (or the browser was trusted); allows the trust call. */
  otp_verified: ColumnType<boolean, boolean | undefined, boolean>;
  /** Share-link viewer sessions carry their link; null for normal logins. */
  share_link_id: number | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface OtpsTable {
  id: Generated<number>;
  session_id: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface TrustedBrowsersTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export type TokenPurpose = 'reset' | 'activation';

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: TokenPurpose;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AgreementAcceptancesTable {
  user_id: number;
  version: string;
  accepted_at: Timestamp;
}

export interface ShareLinksTable {
  id: Generated<number>;
  group_id: number;
  created_by: number;
  view_id: number;
  menu_id: number;
  menu_name: string;
  /** The one screen the link opens, 'area/screen'. */
  screen: string;
  /** The filters on screen when the link was made, as a URL query (migration 280); null: defaults. */
  filters: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_user_id: number | null;
  action: string;
  target: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  /** The tenant the change belongs to (migration 070); null for account-wide actions. */
  group_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The store entity changed: group, user, role, share_link, ... */
  entity: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An argument an admin sets for one group (migration 150, client/clientargs). */
export interface GroupArgsTable {
  id: Generated<number>;
  group_id: number;
  arg_key: string;
  arg_value: string;
  description: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An Athena-sync schema type of one group (migration 150, client/clientathenasyn). */
export interface AthenaSchemaTypesTable {
  id: Generated<number>;
  group_id: number;
  schema_type: string;
  /** 1: synced as monthly partitions (the spec's is_monthly), 0: daily. */
  is_monthly: ColumnType<number, number | undefined, number>;
  status: ColumnType<number, number | undefined, number>;
  last_sync_at: NullableTimestamp;
  sync_count: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One sync an admin triggered for a schema type (migration 150). */
export interface AthenaSyncRunsTable {
  id: Generated<number>;
  schema_type_id: number;
  group_id: number;
  is_monthly: number;
  status: ColumnType<string, string | undefined, string>;
  requested_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One received file (migration 100): the upload history and the kept error report. */
export interface UploadRunsTable {
  id: Generated<number>;
  group_id: number;
  user_id: number | null;
  user_name: string;
  /** 'area/screen/uploadId'. */
  upload_key: string;
  file_name: string;
  /** running, loaded, rejected (bad rows), refused (bad file), failed (server error). */
  status: string;
  rows_ok: Defaulted<number>;
  rows_failed: Defaulted<number>;
  message: Defaulted<string>;
  errors: ColumnType<unknown[], string | undefined, string>;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** One loaded slice of an upload's target (e.g. channel x month), migration 100. */
export interface UploadSlicesTable {
  group_id: number;
  upload_key: string;
  /** The slice's values as canonical JSON text: the primary key. */
  slice_key: string;
  slice: ColumnType<Record<string, string | number>, string, string>;
  rows: number;
  run_id: number | null;
  updated_at: Timestamp;
}

/** One export or report file (migration 090): its job's progress and the file it left. */
export interface ReportFilesTable {
  id: Generated<number>;
  group_id: number;
  user_id: number | null;
  /** 'export' (a grid's rows) or 'report'. */
  kind: string;
  title: string;
  endpoint: string;
  params: ColumnType<Record<string, string>, string, string>;
  /** xlsx or csv. */
  format: string;
  /** queued, running, ready, failed. */
  status: string;
  rows: Defaulted<number>;
  percent: Defaulted<number>;
  file_name: string;
  bytes: ColumnType<string | null, number | null | undefined, number | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: Defaulted<number>;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
  /** 'indian' or 'international' (migration 200); null: the default style. */
  number_style: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A report mailer (migration 120): report type, filters, recipients, distribution, timing. */
export interface ReportMailersTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  /** A screen's export endpoint, e.g. stock/data/export. */
  report_type: string;
  filters: ColumnType<Record<string, string>, string, string>;
  recipients: ColumnType<string[], string, string>;
  /** Group tags: ids of groups whose active users receive the report, expanded at each send (migration 310). */
  recipient_groups: ColumnType<number[], string | undefined, string>;
  /** email, sftp, ftp or azure (spec). */
  distribution: string;
  format: Defaulted<string>;
  cron: string;
  time_zone: string;
  /** Active or In-Active. */
  status: string;
  /** Where a file delivery goes: host, port, username, path (sftp / ftp); container, path (azure). */
  target: ColumnType<Record<string, string | number>, string | undefined, string>;
  /** The delivery's password, private key or connection string, AES-256-GCM (secretBox.ts). */
  secret: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One dry run or delivery of a mailer; status 1 Report Manager Success .. 4 Delivery Failed. */
export interface ReportMailerRunsTable {
  id: Generated<number>;
  mailer_id: number;
  group_id: number;
  dry_run: boolean;
  status: number;
  file_id: ColumnType<number | null, number | null | undefined, number | null>;
  recipients: ColumnType<string[], string, string>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  started_by: number | null;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
  /** Unique per delivery: `run-<id>` (run now, re-trigger) or `job-<pg-boss id>` (schedule). */
  delivery_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** run, schedule, retrigger or dry-run. */
  trigger: Defaulted<string>;
  /** Delivery attempts of this run (a retried job adds one). */
  attempts: Defaulted<number>;
  /** The queue job (`job:<id>`) or route (`direct:<run id>`) whose attempt is the latest one. */
  attempt_owner: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where the file went (remote path, blob URL) or the message id of the e-mail. */
  delivered_to: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An alert rule of a group (migration 170). */
export interface AlertRulesTable {
  id: Generated<number>;
  group_id: number;
  kind: string;
  name: string;
  channel_id: number | null;
  threshold: number | null;
  recipients: ColumnType<string[], string | undefined, string>;
  status: Defaulted<string>;
  created_by: number | null;
  created_at: Generated<Date>;
  /** Moves on every edit and toggle: an edit carrying an older one is stale (migration 240). */
  updated_at: Generated<Date>;
  /** An anomaly rule's `{ dataset, measure, by }` as JSON (features/alerts, migration 470). */
  watch: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An alert a rule raised; dedup_key is unique per group. */
export interface AlertsTable {
  id: Generated<number>;
  group_id: number;
  rule_id: number;
  kind: string;
  dedup_key: string;
  title: string;
  message: string;
  observed_on: string;
  digested_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface AlertReadsTable {
  alert_id: number;
  user_id: number;
  read_at: Generated<Date>;
}

export interface StoreDatabase {
  groups: GroupsTable;
  users: UsersTable;
  roles: RolesTable;
  activities: ActivitiesTable;
  role_activities: RoleActivitiesTable;
  user_group_roles: UserGroupRolesTable;
  sessions: SessionsTable;
  otps: OtpsTable;
  trusted_browsers: TrustedBrowsersTable;
  tokens: TokensTable;
  agreement_acceptances: AgreementAcceptancesTable;
  share_links: ShareLinksTable;
  audit_log: AuditLogTable;
  group_args: GroupArgsTable;
  athena_schema_types: AthenaSchemaTypesTable;
  athena_sync_runs: AthenaSyncRunsTable;
  upload_runs: UploadRunsTable;
  upload_slices: UploadSlicesTable;
  report_files: ReportFilesTable;
  report_mailers: ReportMailersTable;
  report_mailer_runs: ReportMailerRunsTable;
  alert_rules: AlertRulesTable;
  alerts: AlertsTable;
  alert_reads: AlertReadsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ShareLinkRow = Selectable<ShareLinksTable>;
