import type { CaseRuleConfig } from '../../../shared/config.gen.js';
import type { ConfigProblem } from './configRegistry.js';
import type { DatasetIndex } from '../model/datasetIndex.js';
import { suggestName } from '../model/suggestName.js';

/**
 * A case rule's references (screens/cases/<id>.case.json): the lost-sales measure a stock-out
 * case takes its opportunity from must be a `lostSales` measure of an existing dataset, so the
 * inbox's rupees are the stock tiles' own figure.
 */
export function checkCaseRule(
  file: string,
  rule: CaseRuleConfig,
  datasets: ReadonlyMap<string, DatasetIndex>,
): ConfigProblem[] {
  const when = rule.when;
  if (when.kind !== 'stockOutSalesDown') return [];
  const { dataset, measure } = when.lostSales;
  const ds = datasets.get(dataset);
  if (!ds)
    return [
      {
        file,
        pointer: '/when/lostSales/dataset',
        message: `unknown dataset "${dataset}"${suggestName(dataset, datasets.keys())}`,
      },
    ];
  const measures = ds.config.measures ?? [];
  const found = measures.find((m) => m.id === measure);
  if (!found)
    return [
      {
        file,
        pointer: '/when/lostSales/measure',
        message: `dataset "${dataset}" has no measure "${measure}"${suggestName(
          measure,
          measures.map((m) => m.id),
        )}`,
      },
    ];
  if (found.kind !== 'lostSales' || found.value !== 'rupees')
    return [
      {
        file,
        pointer: '/when/lostSales/measure',
        message: `measure "${measure}" of "${dataset}" is not a lostSales measure in rupees`,
      },
    ];
  return [];
}
