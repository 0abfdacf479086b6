import type { DatasetConfig } from '../../../shared/config.gen.js';
import { pointer } from './configProblems.js';

/** Columns a crawled page is named by (crawl_coverage and crawl_missing_pages carry them). */
const PAGE_COLUMNS = ['product_id', 'channel_id', 'city_id'] as const;

/**
 * A dataset's `coverage` and `stockoutWarning` (docs/metrics.md, Confidence and Stock-out early
 * warning): coverage needs the columns a crawled page is named by; a warning reads a lostSales
 * measure of the dataset whose stock table is the dataset's own (so the screen's filters apply to
 * the shares it fits).
 */
export function checkStockSignals(ds: DatasetConfig, add: (pointer: string, message: string) => void): void {
  const columns = new Set(ds.dimensions.flatMap((d) => (d.kind === 'column' ? [d.column] : [])));
  if (ds.coverage)
    for (const c of PAGE_COLUMNS)
      if (!columns.has(c))
        add(pointer('coverage'), `coverage needs the column dimension "${c}" (a crawled page's name)`);
  const w = ds.stockoutWarning;
  if (!w) return;
  const m = ds.measures.find((x) => x.id === w.lostSales);
  if (!m) add(pointer('stockoutWarning', 'lostSales'), `unknown measure "${w.lostSales}"`);
  else if (m.kind !== 'lostSales')
    add(pointer('stockoutWarning', 'lostSales'), `"${w.lostSales}" is a ${m.kind} measure, not lostSales`);
  else if (m.model.stock.table !== ds.table)
    add(
      pointer('stockoutWarning', 'lostSales'),
      `"${w.lostSales}" reads stock from "${m.model.stock.table}", not this dataset's table "${ds.table}"`,
    );
  else if (!columns.has(m.model.city))
    add(
      pointer('stockoutWarning', 'lostSales'),
      `its city column "${m.model.city}" is not a column dimension`,
    );
}
