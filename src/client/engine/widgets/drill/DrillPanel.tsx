import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { KpiDrill } from '../../../../shared/config.gen.js';
import { dataQueryParams, type FilterRules, type FilterState } from '../../../../shared/filters/index.js';
import { formatInteger, formatValue } from '../../../../shared/format/index.js';
import type { DrillRows } from '../../../../shared/insights/drill.js';
import { errorMessage } from '../../../api/http.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { findQuery } from '../../runtime/findQuery.js';
import { queryFilterFields } from '../../state/screenDefaults.js';
import { drillUrl } from '../kpiTiles/kpiDrill.js';
import { drillSummary, shownColumns } from './drillView.js';

const PAGE = 50;

interface Props {
  queryId: string;
  measure: string;
  label: string;
  /** A chart point's keys (`point.<dimension>`), each shown as a removable tag. */
  point?: Record<string, string>;
  /** The tile's own drill to a sibling tab (config), offered as a link. */
  override?: KpiDrill;
  onClose: () => void;
}

/**
 * 'View rows': the rows behind a tile or a chart point, under the screen's filters and dates
 * (GET insights/drill). The measure's condition and the point are tags that can be removed; the
 * footer's totals make the tile, in its own unit, and the line above says what a row is.
 */
export function DrillPanel({ queryId, measure, label, point, override, onClose }: Props) {
  const { screen, store, source, currency, numberStyle, navigate } = useEngine();
  const snap = useSnapshot(store);
  const [condition, setCondition] = useState(true);
  const [points, setPoints] = useState(point ?? {});
  const [pages, setPages] = useState(1);
  const [state, setState] = useState<{ result?: DrillRows; error?: string; loading?: boolean }>({});
  const query = findQuery(screen, queryId);
  const filters = snap.filters as FilterState;
  const params = query
    ? dataQueryParams(filters, queryFilterFields(screen, query), snap.defaults.rules as FilterRules)
    : {};
  for (const k of ['limit', 'offset', 'order_by', 'order_type']) delete params[k];
  const key = JSON.stringify([params, points, condition]);

  useEffect(() => setPages(1), [key]);
  useEffect(() => {
    if (!source.drill) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const call = {
      ...params,
      ...points,
      screen: `${screen.area}/${screen.id}`,
      query: queryId,
      measure,
      condition: condition ? 'on' : 'off',
      limit: PAGE * pages,
    };
    source.drill(call).then(
      (result) => live && setState({ result }),
      (err: unknown) => live && setState({ error: errorMessage(err, 'Could not list the rows.') }),
    );
    return () => {
      live = false;
    };
    // `key` stands for params, points and condition.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, pages, measure, queryId, source, screen]);

  const d = state.result;
  const fmt = (v: unknown, format?: string) =>
    v === null || v === undefined
      ? '–'
      : formatValue(v, format === 'short' ? 'integer' : format, currency, numberStyle);
  const columns = d ? shownColumns(d.columns) : [];
  const elsewhere = override ? drillUrl(screen.area, screen.id, filters, override) : null;
  return (
    <section className="ss-explain ss-drill" aria-label={`Rows behind ${label}`}>
      <header className="ss-explain__head">
        <strong>Rows behind {label}</strong>
        {d?.period.start && d.period.end && d.period.start !== '-1' && (
          <span className="ss-drill__period">
            {d.period.start} – {d.period.end}, under the screen’s filters
          </span>
        )}
        <button type="button" className="ss-explain__close" onClick={onClose} aria-label="Close rows">
          ×
        </button>
      </header>
      <div className="ss-tags" aria-label="Drill conditions">
        {d?.condition && condition && (
          <span className="ss-tag" title={d.condition.detail}>
            <span className="ss-tag__field">Counted:</span> {d.condition.label}
            <button
              type="button"
              className="ss-tag__remove"
              aria-label={`Remove condition ${d.condition.label}`}
              onClick={() => setCondition(false)}
            >
              ×
            </button>
          </span>
        )}
        {d?.condition && !condition && (
          <button type="button" className="ss-link-btn" onClick={() => setCondition(true)}>
            Only the rows counted ({d.condition.label})
          </button>
        )}
        {d?.points.map((p) => (
          <span key={p.dimension} className="ss-tag">
            <span className="ss-tag__field">{p.label}:</span> {String(p.value)}
            <button
              type="button"
              className="ss-tag__remove"
              aria-label={`Remove ${p.label} ${String(p.value)}`}
              onClick={() => {
                const next = { ...points };
                delete next[`point.${p.dimension}`];
                setPoints(next);
              }}
            >
              ×
            </button>
          </span>
        ))}
        {elsewhere && (
          <a
            className="ss-link-btn"
            href={elsewhere}
            onClick={(e) => {
              if (!navigate || e.metaKey || e.ctrlKey) return;
              e.preventDefault();
              navigate(elsewhere);
            }}
          >
            Open in {screen.tabs.find((t) => t.id === override?.screen)?.title ?? override?.screen} →
          </a>
        )}
      </div>
      {state.error && <p className="ss-state ss-state--error">{state.error}</p>}
      {!d && !state.error && <p className="ss-state">Loading…</p>}
      {d && (
        <>
          <p className="ss-explain__summary">{drillSummary(d, numberStyle)}</p>
          <div className="ss-grid__scroll ss-drill__scroll" tabIndex={0}>
            <table className="ss-grid">
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.id}>{c.label}</th>
                  ))}
                  {d.parts.map((p) => (
                    <th key={p.id} className="ss-align-right">
                      {p.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {d.rows.map((r, i) => (
                  <tr key={i}>
                    {columns.map((c) => (
                      <td key={c.id}>{fmt(r[c.id], 'text')}</td>
                    ))}
                    {d.parts.map((p) => (
                      <td key={p.id} className="ss-align-right">
                        {fmt(r[p.id], p.format)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th colSpan={Math.max(1, columns.length)}>
                    {d.combine === 'sum'
                      ? 'Total'
                      : d.combine === 'ratio'
                        ? 'Totals'
                        : d.combine === 'min'
                          ? 'Smallest'
                          : 'Largest'}
                    {d.combine === 'ratio' &&
                      ` → ${label} ${fmt(d.value, screen.measures.find((m) => m.id === measure)?.format)}`}
                  </th>
                  {d.parts.map((p) => (
                    <td key={p.id} className="ss-align-right">
                      {fmt(d.totals[p.id], p.format)}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
          {d.rows.length < d.total && (
            <button
              type="button"
              className="ss-btn ss-drill__more"
              disabled={state.loading}
              onClick={() => setPages((n) => n + 1)}
            >
              Show more ({d.rows.length} of {formatInteger(d.total, numberStyle)})
            </button>
          )}
        </>
      )}
    </section>
  );
}
