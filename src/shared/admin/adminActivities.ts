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
  /** Report mailers, their dry runs, deliveries and run log (docs/jobs.md). */
  reportMailer: { url: 'report/reportmailer', name: 'Report Mailer' },
  /** Every mailer run (dry runs too) with the spec's delivery statuses (docs/jobs.md). */
  reportStatus: { url: 'processmonitor/report_status', name: 'Report Status' },
  /** Deliveries, the failed-reports re-trigger and delivery stats (docs/jobs.md). */
  reportDelivery: { url: 'processmonitor/report_delivery', name: 'Report Delivery' },
  /** The screen editor, its problems banner and the OpenAPI document. */
  configEditor: { url: 'config/editor', name: 'Screen Editor' },
  /** Platform settings (a platform activity, docs/principals.md): who is staff, channel politeness. */
  platformSettings: { url: 'platform/settings', name: 'Platform Settings' },
  /** Which e-mail domains and Entra tenants sign in with Microsoft, into which group (a platform activity). */
  microsoftSignIn: { url: 'platform/microsoft', name: 'Microsoft Sign-in' },
  /** Crawl runs, their page logs and triggers (docs/crawl.md). */
  processStatus: { url: 'processmonitor/process_status', name: 'Process Status' },
  crawl: { url: 'processmonitor/crawl', name: 'Crawl' },
  crawlLogs: { url: 'processmonitor/initiate_crawling_logs', name: 'Crawling Logs' },
  channelProfile: { url: 'tracking/channelProfile', name: 'Channel Profile' },
  /** The group's jobs in the crawl queues (pg-boss), and purging its waiting ones. */
  queueStatus: { url: 'processmonitor/queue_status', name: 'Queue Status' },
  /** Crawl KPIs per channel: runs by outcome, success and page-failure rates, time. */
  crawlKpi: { url: 'crawl_status/kpi', name: 'Crawl Status KPI' },
  /** Inputs (tracked pages) vs crawled per channel and day. */
  inputAnalysis: { url: 'changehistory/input_analysis', name: 'Input Analysis' },
  /** Per channel: profile, schema, schedules, last run. */
  /** Per channel (vendor): latest warehouse day, listings vs the day before, last crawl run. */
  vendorStatus: { url: 'processmonitor/vendor_status', name: 'Vendor Status' },
  /** Per channel: sellers of its latest seller day, unauthorised ones, buy box lost. */
  sellerStatus: { url: 'processmonitor/seller_status', name: 'Seller Status' },
  /** Per Athena schema type: state and its last sync run. */
  athenaStatus: { url: 'processmonitor/athena_status', name: 'Athena Status' },
  channelTrackingStatus: { url: 'settings/channeltrackingstatus', name: 'Channel Tracking Status' },
  /** The group's view settings (labels, currency sign, images type) and their history. */
  viewChanges: { url: 'settings/viewchanges', name: 'View Changes' },
  /** Crawl schedules (pg-boss cron) that start Scheduled crawls. */
  crawlTimings: { url: 'settings/crawltimings', name: 'Crawl Timings' },
  /** Tracking screens (docs/crawl.md): listings tracked, channel x city coverage, what changed. */
  trackingMapping: { url: 'tracking/mapping', name: 'Mapping' },
  channelCity: { url: 'tracking/channelcity', name: 'Channel City' },
  changeDetection: { url: 'tracking/changedetection', name: 'Change Detection' },
  categoryChangeDetection: { url: 'tracking/categorychangedetection', name: 'Category Change Detection' },
  /** The group's Athena sync runs, newest first. */
  trackingAthenaStatus: { url: 'tracking/athena-status', name: 'Athena Status (runs)' },
  reviewSentiments: { url: 'tracking/review-sentiments', name: 'Review Sentiments' },
  /** The staff page: fact-table freshness and the suggestion index of the group. */
  internalTool: { url: 'internal-tools/internal-tool', name: 'Internal Tool' },
  /** Channel profiles and the model-schema editor (docs/crawl.md). */
  modelSchemas: { url: 'tracking/modelSchemas', name: 'Model Schemas' },
  /** The live-tracking list (crawl type 5): import, export, last live check per listing. */
  liveTracking: { url: 'tracking/livetracking', name: 'Live Tracking' },
  /** Report screens and the group's report files (spec §2 report, reports; docs/jobs.md). */
  reports: { url: 'report/reports', name: 'Reports' },
  rawReports: { url: 'report/rawreports', name: 'Raw Reports' },
  reportsEngine: { url: 'report/reportsengine', name: 'Reports Engine' },
  amsBudgetReports: { url: 'report/amsbudgetreports', name: 'AMS Budget Reports' },
  downloadReport: { url: 'reports/download_report', name: 'Download Report' },
  downloadRawReport: { url: 'reports/download_raw_report', name: 'Download Raw Report' },
  /** Alert rules of the group (docs/jobs.md); reading alerts needs a login only. */
  alertRules: { url: 'alerts/alerts', name: 'Alerts' },
  /** The AMS schema editor (docs/advertising.md). */
  amsSchema: { url: 'processmonitor/ams_schema', name: 'AMS Schema' },
  /** The ad load state: sponsored ads per day, per ad account, display per day (docs/advertising.md). */
  amsStatus: { url: 'processmonitor/ams_status', name: 'AMS Status' },
  amsBrandStatus: { url: 'processmonitor/ams_brand_status', name: 'AMS Brand Status' },
  displayStatus: { url: 'processmonitor/display_status', name: 'Display Status' },
} as const;

const ADMIN_URLS: ReadonlySet<string> = new Set(Object.values(ADMIN_ACTIVITIES).map((a) => a.url));

export function isAdminActivity(url: string): boolean {
  return ADMIN_URLS.has(url);
}

/**
 * Activities of platform staff (docs/principals.md), the people who run Shelfscope: the screen
 * editor edits the one global config every group is served, Create Account makes a new tenant,
 * Platform Settings says who runs the platform and how hard crawls press a channel's site,
 * Microsoft Sign-in which organisations get an account in which group. No group's role may hold one, no role auto-grant
 * gives one, and a session has them only when its user is staff.
 */
export const PLATFORM_ACTIVITIES: readonly string[] = [
  ADMIN_ACTIVITIES.configEditor.url,
  ADMIN_ACTIVITIES.createAccount.url,
  ADMIN_ACTIVITIES.platformSettings.url,
  ADMIN_ACTIVITIES.microsoftSignIn.url,
];

/** The 403 answer to a role that names a platform activity (create, edit or auto-grant). */
export const PLATFORM_ACTIVITY_REFUSED =
  'The Screen Editor, Create Account, Platform Settings and Microsoft Sign-in belong to platform staff: a group role can neither hold nor grant them';

/**
 * The 403 answers to a platform-wide action asked by anyone but platform staff, and the 400s of
 * the staff flag (docs/principals.md "Platform-wide actions").
 */
export const PLATFORM_ACTION_REFUSED = {
  createGroup:
    'Creating a group (client account) belongs to platform staff: a group admin manages their own group only',
  groupName: 'Checking a group name against every group belongs to platform staff, who create groups',
  politeness:
    "A channel's politeness holds for every group that crawls it: only platform staff may change it",
  staffFlag: 'Only platform staff may mark or unmark platform staff',
  channelProfile:
    "A marketplace's channel profile (its pages, location call, walls, render mode, proxies) is set by platform staff",
  subscription:
    "A group's subscription (end date, channels, crawl and schema types, operation type) is set by platform staff: a group admin edits its name, contacts and notes",
  platformScreen: "This screen's writes belong to platform staff",
  sharedUser:
    'This user also belongs to groups you do not administer, or is platform staff: deactivate their role in your group instead',
} as const;

export const STAFF_MSG = {
  marked: 'Marked as platform staff',
  unmarked: 'No longer platform staff',
  lastStaff: 'The last platform staff cannot be unmarked: mark another user as staff first',
  noUser: 'User not found',
} as const;
