import { describe, expect, it } from 'vitest';
import type { ScreenConfig, UploadDeclaration } from '../../../shared/config.gen.js';
import { checkTenantScope } from './checkTenantScope.js';

const upload = (change: (u: UploadDeclaration) => UploadDeclaration) =>
  ({
    uploads: [
      change({
        kind: 'upload',
        id: 'chartData',
        title: 'Chart Data',
        accept: ['.csv'],
        columns: [{ kind: 'column', header: 'Chart', field: 'chart_name', type: 'string' }],
        target: { kind: 'warehouse', table: 'manual_chart_data', replace: [{ field: 'chart_name' }] },
      } as UploadDeclaration),
    ],
  }) as unknown as ScreenConfig;
const pointers = (screen: ScreenConfig) => checkTenantScope('x.screen.json', screen).map((p) => p.pointer);

describe('checkTenantScope', () => {
  it('passes an upload the engine scopes', () => {
    expect(pointers(upload((u) => u))).toEqual([]);
  });

  it('refuses the tenant key wherever an upload could name it, and a shared target table', () => {
    const t = (u: UploadDeclaration) => u.target;
    expect(
      pointers(
        upload((u) => ({
          ...u,
          columns: [
            {
              ...u.columns[0]!,
              lookup: { table: 'dim_brand', match: 'brand_name', key: 'brand_id', also: ['group_id'] },
            },
            { kind: 'column', header: 'Group', field: 'group_id', type: 'integer' },
          ],
          target: {
            ...t(u),
            table: 'dim_city',
            fixed: { group_id: 2 },
            generatedKey: 'group_id',
            unique: ['group_id'],
            merge: ['group_id'],
            replace: [{ field: 'group_id', label: 'Group' }],
          },
        })),
      ).sort(),
    ).toEqual(
      [
        '/uploads/0/columns/0/lookup/also/0',
        '/uploads/0/columns/1/field',
        '/uploads/0/target/fixed/group_id',
        '/uploads/0/target/generatedKey',
        '/uploads/0/target/merge/0',
        '/uploads/0/target/replace/0/field',
        '/uploads/0/target/table',
        '/uploads/0/target/unique/0',
      ].sort(),
    );
  });
});
