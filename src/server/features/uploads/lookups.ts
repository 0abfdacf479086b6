import type { UploadColumn } from '../../../shared/config.gen.js';
import type { Warehouse } from '../../platform/warehouse/warehouse.js';
import { tenantKeyOf } from '../../platform/warehouse/schema/tenantKey.js';

/** A matched dimension row: the key the field takes and the `also` columns, in `also` order. */
export interface LookupHit {
  key: number | string;
  also: (number | string)[];
}
export type LookupTable = ReadonlyMap<string, LookupHit>;

export const lookupKey = (value: string): string => value.trim().toLowerCase();

/** The key of a lookup with `within`: the row's values of those fields, then the cell. */
export const scopedLookupKey = (scope: readonly unknown[], value: string): string =>
  `${scope.map(String).join('\u0001')}\u0001${lookupKey(value)}`;

/**
 * Loads each lookup column's dimension once per upload (dimensions are small next to a file of
 * a million rows). A lookup with a tenant column sees the uploading group's rows only, so a
 * file can never name another group's products. Names come from validated config, values are
 * parameters.
 */
export async function loadLookups(
  wh: Warehouse,
  columns: readonly UploadColumn[],
  groupId: number,
): Promise<(LookupTable | null)[]> {
  return Promise.all(
    columns.map(async ({ lookup }) => {
      if (!lookup) return null;
      const also = lookup.also ?? [];
      const within = lookup.within ?? [];
      const select = [...new Set([lookup.match, lookup.key, ...also, ...within])].join(', ');
      const tenantKey = tenantKeyOf(lookup.table);
      const where = tenantKey ? ` WHERE ${tenantKey} = $1` : '';
      const rows = await wh.query<Record<string, number | string>>(
        `SELECT ${select} FROM ${lookup.table}${where}`,
        tenantKey ? [groupId] : [],
      );
      const table = new Map<string, LookupHit>();
      for (const row of rows) {
        const match = String(row[lookup.match]);
        const key =
          within.length > 0
            ? scopedLookupKey(
                within.map((c) => row[c]),
                match,
              )
            : lookupKey(match);
        table.set(key, {
          key: row[lookup.key]!,
          also: also.map((c) => row[c]!),
        });
      }
      return table;
    }),
  );
}
