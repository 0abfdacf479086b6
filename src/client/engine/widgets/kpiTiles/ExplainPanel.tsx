import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { COMPARE_TO_PARAM } from '../../../../shared/insights/previousPeriod.js';
import type { ValueFormat } from '../../../../shared/config.gen.js';
import {
  dataQueryParams,
  filtersToSearch,
  type FilterRules,
  type FilterState,
} from '../../../../shared/filters/index.js';
import { formatValue } from '../../../../shared/format/index.js';
import type { Explanation } from '../../../../shared/insights/explanation.js';
import { errorMessage } from '../../../api/http.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { findQuery } from '../../runtime/findQuery.js';
import { queryFilterFields } from '../../state/screenDefaults.js';
import { waterfallBars } from './waterfall.js';

const METHOD: Record<Explanation['method'], string> = {
  additive: 'each member’s own change',
  rateMix: 'rate and mix effects per member (two-factor Shapley split)',
  priceVolume: 'price and volume effects per member (log-mean Divisia)',
};

interface Props {
  queryId: string;
  measure: string;
  label: string;
  format?: ValueFormat;
  onClose: () => void;
}

/**
 * "Why did it move?" under the KPI tiles: the tile's change split over a dimension the dataset
 * allows, drawn as a waterfall from the previous value to the current one. Each bar links to the
 * screen filtered to its member (when the screen filters by that dimension).
 */
export function ExplainPanel({ queryId, measure, label, format, onClose }: Props) {
  const { screen, store, source, currency, numberStyle } = useEngine();
  const snap = useSnapshot(store);
  const dims = screen.explainBy ?? [];
  const [by, setBy] = useState(dims[0]?.id ?? '');
  const [state, setState] = useState<{ result?: Explanation; error?: string }>({});
  const query = findQuery(screen, queryId);
  const filters = snap.filters as FilterState;
  const params = query
    ? dataQueryParams(filters, queryFilterFields(screen, query), snap.defaults.rules as FilterRules)
    : {};
  for (const k of ['limit', 'offset', 'order_by', 'order_type']) delete params[k];
  // The change the tile shows: from the previous period or from the same period last year.
  if (snap.compareTo === 'last_year') params[COMPARE_TO_PARAM] = 'last_year';
  const key = JSON.stringify(params);

  useEffect(() => {
    if (!source.explain || !by) return;
    let live = true;
    setState({});
    source.explain({ ...params, screen: `${screen.area}/${screen.id}`, query: queryId, measure, by }).then(
      (result) => live && setState({ result }),
      (err: unknown) => live && setState({ error: errorMessage(err, 'Could not explain the change.') }),
    );
    return () => {
      live = false;
    };
    // `key` stands for params.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, by, measure, queryId, source, screen]);

  const fmt = (v: number | null) => (v === null ? '–' : formatValue(v, format, currency, numberStyle));
  const delta = (v: number) =>
    `${v >= 0 ? '+' : '−'}${format === 'percent' ? `${Math.abs(v).toFixed(1)} pts` : fmt(Math.abs(v))}`;
  const filterable = (screen.filters ?? []).some((f) => 'field' in f && f.field === by);
  const memberUrl = (member: string) =>
    `/workspace/${screen.area}/${screen.id}?${filtersToSearch({ ...filters, [by]: [member], offset: 0 })}`;
  const e = state.result;
  return (
    <section className="ss-explain" aria-label={`Why ${label} moved`}>
      <header className="ss-explain__head">
        <strong>Why did {label} move?</strong>
        <label>
          By{' '}
          <select value={by} onChange={(ev) => setBy(ev.target.value)}>
            {dims.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="ss-explain__close" onClick={onClose} aria-label="Close">
          ×
        </button>
      </header>
      {state.error && <p className="ss-state ss-state--error">{state.error}</p>}
      {!e && !state.error && <p className="ss-state">Loading…</p>}
      {e && (
        <>
          <p className="ss-explain__summary">
            {fmt(e.previous)} → {fmt(e.current)} (
            {e.change === null ? 'no change to explain' : delta(e.change)}), split by {METHOD[e.method]}.
          </p>
          <ol className="ss-explain__bars">
            {waterfallBars(e).map((b, i) => {
              const title =
                b.effect === 'total'
                  ? `${b.label}: ${fmt(b.value)}`
                  : `${b.label} — ${b.effect}: ${delta(b.value)} (${METHOD[e.method]})`;
              const name = `${b.label}${b.effect === 'total' || b.effect === 'member' ? '' : ` · ${b.effect}`}`;
              const linked = filterable && b.effect !== 'total' && b.key !== 'others';
              return (
                <li key={`${b.key}-${b.effect}-${i}`} className="ss-explain__row" title={title}>
                  <span className="ss-explain__name">
                    {linked ? <a href={memberUrl(b.key)}>{name}</a> : name}
                  </span>
                  <span className="ss-explain__track">
                    <span
                      className={`ss-explain__bar ss-explain__bar--${b.tone}`}
                      style={{ left: `${b.left}%`, width: `${b.width}%` }}
                    />
                  </span>
                  <span className="ss-explain__value">
                    {b.effect === 'total' ? fmt(b.value) : delta(b.value)}
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
