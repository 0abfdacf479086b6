-- The large tenant's fact_stock shape on PostgreSQL for `scripts/bench/pgGroupBys.ts` (docs/bench.md,
-- "PostgreSQL warehouse"): 1,000 SKUs x 5 channels x 20 cities x 90 days = 9M rows, loaded
-- in date order, once as today's table (btree on group_id, crawl_date) and once partitioned by
-- month with a BRIN on crawl_date. psql -h 127.0.0.1 -U postgres -d test -f <this file>
\timing on
DROP SCHEMA IF EXISTS exp_plain CASCADE; DROP SCHEMA IF EXISTS exp_part CASCADE;
CREATE SCHEMA exp_plain; CREATE SCHEMA exp_part;
CREATE TABLE exp_plain.dim_product AS SELECT 1 AS group_id, p AS product_id, 'SKU '||p AS sku_name, 'C'||p AS sku_code, 'x' AS image_url, 100.0::float8 AS mrp FROM generate_series(1,1000) p;
CREATE TABLE exp_plain.dim_channel AS SELECT c AS channel_id, 'Ch '||c AS channel_name FROM generate_series(1,5) c;
CREATE TABLE exp_part.dim_product AS TABLE exp_plain.dim_product;
CREATE TABLE exp_part.dim_channel AS TABLE exp_plain.dim_channel;
CREATE TABLE exp_plain.fact_stock (group_id int NOT NULL, crawl_date date NOT NULL, channel_id int NOT NULL, city_id int NOT NULL, product_id int NOT NULL, brand_id int NOT NULL, category_id int NOT NULL, is_competitor smallint NOT NULL, stock_status smallint NOT NULL, stores_total smallint NOT NULL DEFAULT 0, stores_in_stock smallint NOT NULL DEFAULT 0, store_share float8);
-- Loaded in date order, as daily crawls arrive.
INSERT INTO exp_plain.fact_stock SELECT 1, DATE '2026-08-25' + d, c, ci, p, p % 40, p % 12, (p % 5 = 0)::int, (hashint4(p*31+d*7+ci+c) & 3) % 3, 10, 5, 0.5
FROM generate_series(0,89) d, generate_series(1,5) c, generate_series(1,20) ci, generate_series(1,1000) p;
CREATE INDEX ON exp_plain.fact_stock (group_id, crawl_date);
CREATE TABLE exp_part.fact_stock (LIKE exp_plain.fact_stock) PARTITION BY RANGE (crawl_date);
CREATE TABLE exp_part.fact_stock_2026_08 PARTITION OF exp_part.fact_stock FOR VALUES FROM ('2026-08-01') TO ('2026-09-01');
CREATE TABLE exp_part.fact_stock_2026_09 PARTITION OF exp_part.fact_stock FOR VALUES FROM ('2026-09-01') TO ('2026-10-01');
CREATE TABLE exp_part.fact_stock_2026_10 PARTITION OF exp_part.fact_stock FOR VALUES FROM ('2026-10-01') TO ('2026-11-01');
CREATE TABLE exp_part.fact_stock_2026_11 PARTITION OF exp_part.fact_stock FOR VALUES FROM ('2026-11-01') TO ('2026-12-01');
INSERT INTO exp_part.fact_stock SELECT * FROM exp_plain.fact_stock;
CREATE INDEX ON exp_part.fact_stock USING brin (crawl_date);
VACUUM ANALYZE exp_plain.fact_stock; VACUUM ANALYZE exp_part.fact_stock;
SELECT pg_size_pretty(pg_relation_size('exp_plain.fact_stock')) plain_heap, pg_size_pretty(pg_indexes_size('exp_plain.fact_stock')) plain_idx;
SELECT pg_size_pretty(sum(pg_indexes_size(c.oid))) part_idx FROM pg_inherits i JOIN pg_class c ON c.oid=i.inhrelid WHERE i.inhparent='exp_part.fact_stock'::regclass;
