import { describe, expect, it } from 'vitest';
import { storeMigrations } from './storeMigrations.js';

// Migration names are what a store records as run: a renamed one would run again on every existing
// store. New ones are added to this list; none is ever renamed or removed.
const RUN_BY_EXISTING_STORES = [
  '001_access',
  '002_sessions',
  '050_saved_views',
  '060_account_failures',
  '070_group_fields',
  '085_admin_by_activity',
  '090_report_files',
  '100_uploads',
  '120_report_mailers',
  '130_crawl',
  '140_user_role_versions',
  '150_client_settings',
  '160_mailer_delivery',
  '170_alerts',
  '180_crawl_timings',
  '190_slide_views',
  '191_ams_schemas',
  '200_report_number_style',
  '220_view_settings',
  '240_alert_rule_versions',
  '280_share_link_filters',
  '310_mailer_recipient_groups',
  '320_crawl_timing_type',
  '330_elastic_runs',
  '370_listing_crawl',
  '390_listing_page_log',
  '400_bestseller_crawl',
  '410_platform_staff',
  '415_platform_activities',
  '450_faqs',
  '460_support_tickets',
  '470_upload_undo',
  '480_config_versions',
  '486_tenancy_config_version_drops',
  '490_anomaly_alert_rules',
  '495_crawl_walls',
  '510_oidc_microsoft_sign_in',
  '520_cases',
  '550_channel_samples',
  '610_mailer_attempt_owner',
  '635_user_number_style',
  '645_spec_crawl_types',
];

describe('storeMigrations', () => {
  it('keeps every migration name an existing store has run', () => {
    const names = Object.keys(storeMigrations());
    expect(RUN_BY_EXISTING_STORES.filter((name) => !names.includes(name))).toEqual([]);
    expect(names.filter((name) => !RUN_BY_EXISTING_STORES.includes(name))).toEqual([]);
  });
});
