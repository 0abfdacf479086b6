import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { exportColumns } from '../../../src/server/features/monitoring/exportColumns.js';
import { indexDataset } from '../../../src/server/language/model/datasetIndex.js';
import { lastDays, sum, type Market } from './market.js';
import { SLOW } from './slow.js';

/** A cell's value as the grid's JSON carries it (dates as YYYY-MM-DD, empty cells as null). */
function plain(value: ExcelJS.CellValue): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return value ?? null;
}

/** Exports: each exportable grid's workbook holds the grid's rows, values and column totals. */
export function exportInvariants(market: () => Market): void {
  it(
    'every export workbook holds the grid rows and totals of the same filters',
    async () => {
      const m = market();
      let exports = 0;
      for (const [key, screen] of m.snapshot.screens) {
        const config = screen.dataset ? m.snapshot.datasets.get(screen.dataset) : undefined;
        if (!config) continue;
        for (const query of (screen.queries ?? []).filter((q) => q.export && q.paged)) {
          const params = lastDays(m, 7);
          const grid = await m.allRows(query.endpoint, params);
          const res = await m.client.raw(
            'GET',
            `${query.endpoint}/export?${new URLSearchParams(params).toString()}`,
          );
          expect(res.status, `${key} ${query.endpoint}`).toBe(200);
          const book = new ExcelJS.Workbook();
          await book.xlsx.load(Buffer.from(res.bytes) as unknown as ArrayBuffer);
          const sheet = book.worksheets[0]!;
          const columns = exportColumns({ screen, query, dataset: indexDataset(config) });
          const body: unknown[][] = [];
          sheet.eachRow((row, n) => {
            if (n > 1) body.push(columns.map((_, i) => plain(row.getCell(i + 1).value)));
          });
          expect(body.length, `${key} ${query.endpoint} rows`).toBe(grid.length);
          body.forEach((cells, r) =>
            columns.forEach((c, i) => {
              const shown = grid[r]![c.field] ?? null;
              const at = `${key} ${query.endpoint} row ${r} ${c.field}`;
              // An average over many rows may differ in its last bits between two runs (parallel sums).
              if (typeof shown === 'number')
                expect(Math.abs((cells[i] as number) - shown), at).toBeLessThanOrEqual(
                  Math.max(Math.abs(shown), 1) * 1e-9,
                );
              else expect(cells[i], at).toEqual(shown);
            }),
          );
          for (const [i, c] of columns.entries()) {
            if (typeof grid[0]?.[c.field] !== 'number') continue;
            const total = body.reduce((a, cells) => a + (typeof cells[i] === 'number' ? cells[i] : 0), 0);
            expect(total, `${key} ${query.endpoint} total of ${c.field}`).toBeCloseTo(sum(grid, c.field), 6);
          }
          exports++;
        }
      }
      expect(exports).toBeGreaterThan(15);
    },
    180_000 * SLOW,
  );
}
