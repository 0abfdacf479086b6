import type { Migration } from 'kysely';
import * as access from './001_access.js';
import * as sessions from './002_sessions.js';
import * as groupFields from './070_group_fields.js';
import * as adminByActivity from './085_admin_by_activity.js';
import * as reportFiles from './090_report_files.js';
import * as uploads from './100_uploads.js';
import * as reportMailers from './120_report_mailers.js';
import * as crawl from './130_crawl.js';
import * as userRoleVersions from './140_user_role_versions.js';
import * as clientSettings from './150_client_settings.js';
import * as mailerDelivery from './160_mailer_delivery.js';
import * as alerts from './170_alerts.js';
import * as crawlTimings from './180_crawl_timings.js';
import * as reportNumberStyle from './200_report_number_style.js';
import * as viewSettings from './220_view_settings.js';
import * as alertRuleVersions from './240_alert_rule_versions.js';
import * as shareLinkFilters from './280_share_link_filters.js';
import * as mailerRecipientGroups from './310_mailer_recipient_groups.js';
import * as crawlTimingType from './320_crawl_timing_type.js';
import * as elasticRuns from './330_elastic_runs.js';
import * as listingCrawl from './370_listing_crawl.js';
import * as listingPageLog from './390_listing_page_log.js';
import * as bestsellerCrawl from './400_bestseller_crawl.js';
import * as platformStaff from './410_platform_staff.js';
import * as platformActivities from './415_platform_activities.js';
import * as userNumberStyle from './635_user_number_style.js';
import * as specCrawlTypes from './645_spec_crawl_types.js';

/** The store's own migrations; features add theirs (src/server/storeMigrations.ts). */
export const coreMigrations = Object.freeze<Record<string, Migration>>({
  '001_access': access,
  '002_sessions': sessions,
  '070_group_fields': groupFields,
  '085_admin_by_activity': adminByActivity,
  '090_report_files': reportFiles,
  '100_uploads': uploads,
  '120_report_mailers': reportMailers,
  '130_crawl': crawl,
  '140_user_role_versions': userRoleVersions,
  '150_client_settings': clientSettings,
  '160_mailer_delivery': mailerDelivery,
  '170_alerts': alerts,
  '180_crawl_timings': crawlTimings,
  '200_report_number_style': reportNumberStyle,
  '220_view_settings': viewSettings,
  '240_alert_rule_versions': alertRuleVersions,
  '280_share_link_filters': shareLinkFilters,
  '310_mailer_recipient_groups': mailerRecipientGroups,
  '320_crawl_timing_type': crawlTimingType,
  '330_elastic_runs': elasticRuns,
  '370_listing_crawl': listingCrawl,
  '390_listing_page_log': listingPageLog,
  '400_bestseller_crawl': bestsellerCrawl,
  '410_platform_staff': platformStaff,
  '415_platform_activities': platformActivities,
  '635_user_number_style': userNumberStyle,
  '645_spec_crawl_types': specCrawlTypes,
});
