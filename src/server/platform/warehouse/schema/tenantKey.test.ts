import { describe, expect, it } from 'vitest';
import { readableNames, tableColumns } from './tableColumns.js';
import { requireTenantKey, SHARED_TABLES, TENANT_KEY, tenantKeyOf, tenantKeys } from './tenantKey.js';

describe('tenant key', () => {
  it('is declared for every table and view but the shared ones, which do not carry it', () => {
    for (const table of readableNames()) {
      const shared = SHARED_TABLES.has(table);
      expect(tableColumns(table).includes(TENANT_KEY), table).toBe(!shared);
      expect(tenantKeyOf(table), table).toBe(shared ? null : TENANT_KEY);
    }
    expect([...tenantKeys().values()].filter((k) => k === null)).toHaveLength(SHARED_TABLES.size);
  });

  it('refuses a shared table where a tenant table is needed, and scopes any other name', () => {
    expect(requireTenantKey('fact_stock')).toBe('group_id');
    expect(() => requireTenantKey('dim_city')).toThrow('shared by every group');
    expect(tenantKeyOf('rollup_fact_stock_daily')).toBe('group_id');
  });
});
