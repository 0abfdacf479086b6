-- Generated from src/server/platform/warehouse/citus/citusLayout.ts; docs/scale-out.md explains it.
-- Run on the Citus coordinator after the schema exists (the server creates it on first start).
CREATE EXTENSION IF NOT EXISTS citus;
SET citus.shard_count = 32;

-- Dimensions, setup tables and the crawl log: small, joined by every query, copied to every node.
SELECT create_reference_table('dim_channel');
SELECT create_reference_table('dim_city');
SELECT create_reference_table('dim_brand');
SELECT create_reference_table('dim_category');
SELECT create_reference_table('dim_product');
SELECT create_reference_table('dim_listing');
SELECT create_reference_table('dim_product_competitor');
SELECT create_reference_table('dim_product_tag');
SELECT create_reference_table('dim_keyword');
SELECT create_reference_table('dim_seller');
SELECT create_reference_table('dim_promo_plan');
SELECT create_reference_table('crawl_log');
SELECT create_reference_table('setup_category_content');
SELECT create_reference_table('setup_product_content');
SELECT create_reference_table('setup_brand_dictionary');
SELECT create_reference_table('setup_data_settings');
SELECT create_reference_table('setup_pincode');
SELECT create_reference_table('setup_city_list');
SELECT create_reference_table('setup_keyword_map');
SELECT create_reference_table('setup_tracked_keyword');
SELECT create_reference_table('manual_share_report');
SELECT create_reference_table('manual_asset_execution');
SELECT create_reference_table('manual_rank_report');
SELECT create_reference_table('manual_report_rows');
SELECT create_reference_table('manual_chart_data');
SELECT create_reference_table('manual_command_center');
SELECT create_reference_table('dim_ams_brand');
SELECT create_reference_table('dim_ad_campaign');
SELECT create_reference_table('dim_ad_group');
SELECT create_reference_table('dim_display_ro');
SELECT create_reference_table('setup_live_tracking');

-- Facts and the suggestion index: distributed by group_id, co-located, so one tenant's queries
-- route to one shard.
SELECT create_distributed_table('fact_stock', 'group_id', colocate_with => 'none');
SELECT create_distributed_table('fact_price', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_promo', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_content', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_rating', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_review', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_review_aspect', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_search', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_category_rank', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_banner', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_bestseller', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_sales', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_seller', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_ad_daily', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_ad_hourly', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_ad_bid', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_display_daily', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_live_check', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('fact_ad_asin_hourly', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('suggestion_index', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('suggestion_index_state', 'group_id', colocate_with => 'fact_stock');

-- Rollups (the datasets declare them; the server creates them on start): per tenant, co-located
-- with their facts. Their triggers run on the shards: Citus needs citus.enable_unsafe_triggers.
SET citus.enable_unsafe_triggers = on;
SELECT create_distributed_table('rollup_fact_price_daily', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('rollup_fact_price_variation', 'group_id', colocate_with => 'fact_stock');
SELECT create_distributed_table('rollup_fact_stock_daily', 'group_id', colocate_with => 'fact_stock');
