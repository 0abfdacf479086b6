import type { CurrencyInfo, NumberStyle } from '../../../../shared/format/index.js';
import { previousField } from '../../../../shared/compareFields.js';
import type { FieldMeta, QueryResult } from '../../../../shared/screenApi.js';
import { previousChange } from '../kpiTiles/previousChange.js';

/**
 * A grid's "change vs previous" cell of a measure: the change and the comparison period's value,
 * coloured by the measure's good direction, as the KPI tiles show it. The server puts the
 * previous value on the row (`<measure>__previous`, empty for a member the period lacks).
 */
export function ChangeCell({
  field,
  row,
  previous,
  meta,
  currency,
  numberStyle,
}: {
  field: string;
  row: Record<string, unknown>;
  previous: QueryResult['previous'];
  meta: FieldMeta | undefined;
  currency: CurrencyInfo;
  numberStyle?: NumberStyle | undefined;
}) {
  if (!previous) return <span className="ss-muted">---</span>;
  const change = previousChange({
    current: row[field],
    previous: row[previousField(field)],
    period: previous,
    to: previous.to,
    noData: previous.noData,
    format: meta?.format,
    goodDirection: meta?.goodDirection,
    currency,
    style: numberStyle,
  });
  return (
    <span className={`ss-kpi__change ss-change-cell ss-kpi__change--${change.tone}`} title={change.detail}>
      <span className="ss-kpi__delta">{change.delta}</span>{' '}
      <span className="ss-kpi__against">{change.against}</span>
    </span>
  );
}
