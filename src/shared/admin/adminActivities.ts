/**
 * The admin side's areas as activities (docs/product-spec.md §2 client, user, role screens), granted
 * through roles like any screen: who may open them is a role's activity list, not a flag on the
 * user. They exist as activities before (and apart from) the screen files that show them.
 */
export const ADMIN_ACTIVITIES = {
  createAccount: { url: 'client/createaccount', name: 'Create Account' },
  clients: { url: 'client/clients', name: 'Clients' },
  clientLogs: { url: 'client/clientlogs', name: 'Client Logs' },
  clientArgs: { url: 'client/clientargs', name: 'Client Args' },
  clientAthena: { url: 'client/clientathenasyn', name: 'Client Athena Sync' },
  users: { url: 'user/users', name: 'Users' },
  createUser: { url: 'user/createuser', name: 'Create User' },
  blocked: { url: 'user/blocked', name: 'Blocked Users' },
  roles: { url: 'role/roles', name: 'Roles' },
  createRole: { url: 'role/createrole', name: 'Create Role' },
  /** Report mailers, their dry runs, deliveries and run log (issue 13). */
  reportMailer: { url: 'report/reportmailer', name: 'Report Mailer' },
  /** The screen editor, its problems banner and the OpenAPI document. */
  configEditor: { url: 'config/editor', name: 'Screen Editor' },
  /** Crawl runs, their page logs and triggers (issue 15). */
  processStatus: { url: 'processmonitor/process_status', name: 'Process Status' },
  /** Channel profiles and the model-schema editor (issue 15). */
  modelSchemas: { url: 'tracking/modelSchemas', name: 'Model Schemas' },
  /** The AMS schema editor (issue 16). */
  amsSchema: { url: 'processmonitor/ams_schema', name: 'AMS Schema' },
} as const;

const ADMIN_URLS: ReadonlySet<string> = new Set(Object.values(ADMIN_ACTIVITIES).map((a) => a.url));

export function isAdminActivity(url: string): boolean {
  return ADMIN_URLS.has(url);
}
