import type { KpiTilesWidget } from '../../../../shared/config.gen.js';
import { formatTileValue } from '../../../../shared/format/index.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { findQuery } from '../../runtime/findQuery.js';
import type { ResolvedScreen } from '../../../../shared/screenApi.js';
import { useQueryRows } from '../../runtime/useQueryRows.js';
import { useEntityRows } from '../../runtime/useEntityRows.js';
import { useRefreshTick } from '../../runtime/useRefreshTick.js';
import { kpiChange } from './kpiChange.js';
import { previousChange } from './previousChange.js';
import { queryShowsPrevious, tileShowsPrevious } from '../../../../shared/insights/previousPeriod.js';
import { KpiDrillLink } from './KpiDrillLink.js';
import { ExplainPanel } from './ExplainPanel.js';
import { CompareChoice } from './CompareChoice.js';
import { DrillPanel } from '../drill/DrillPanel.js';
import { useState } from 'react';
import { figureInputs, missingText } from '../../../../shared/insights/figureInputs.js';
import { commonDaysHint } from '../../../../shared/insights/commonDaysHint.js';
import { tileUnit } from './tileUnit.js';
import { loadFrame, WidgetFrame } from '../frame/WidgetFrame.js';
import { ConfidenceMark } from './ConfidenceMark.js';
import { useConfidence } from './useConfidence.js';
import { confidenceText } from '../../../../shared/insights/confidence.js';

/**
 * KPI tiles: one row from the query, one tile per measure, the definition on hover; a tile with
 * `change` also shows the change from the previous period (the query's `compare`). With `rows` the
 * row comes from a store endpoint instead (figures the warehouse does not hold, e.g. crawl runs).
 */
export function KpiTiles({ config }: { config: KpiTilesWidget }) {
  const { screen, currency, numberStyle, source } = useEngine();
  // Both hooks run (hook order); the one the config does not name stays idle.
  const queryLoad = useQueryRows(config.rows ? undefined : config.query);
  const storeLoad = useEntityRows(config.rows, useRefreshTick(config.rows?.refreshSeconds));
  const load = config.rows ? storeLoad : queryLoad;
  const compared = config.query === undefined ? undefined : findQuery(screen, config.query);
  const keys = comparedKeysLabel(screen, compared?.compare?.over ?? []);
  const row = load.result?.rows[0];
  const previous = load.result?.previous;
  // The tile whose change is explained below the tiles (one at a time).
  const [explained, setExplained] = useState<string | null>(null);
  const explainable = Boolean(source.explain && screen.explainBy?.length && config.query);
  // The tile whose rows are listed below the tiles (one at a time).
  const [drilled, setDrilled] = useState<string | null>(null);
  // Coverage, exclusions and freshness of the tiles' days and filters (crawled datasets only).
  const confidence = useConfidence(config.rows ? undefined : config.query);
  return (
    <WidgetFrame title={config.title} kind="kpiTiles" {...loadFrame(load, row !== undefined)}>
      {/* One choice per screen: above its first tiles that show the previous period. */}
      {row && previous && firstCompared(screen) === config.id && <CompareChoice />}
      {row && (
        <div className="ss-kpis">
          {config.tiles.map((tile) => {
            const meta = screen.measures?.find((m) => m.id === tile.measure);
            const format = tile.format ?? meta?.format;
            const change = tile.change
              ? kpiChange(row, tile.measure, format, keys, currency, numberStyle)
              : null;
            // The previous period, from the same query (the server answers it beside the rows).
            const before =
              !change && previous && tileShowsPrevious(screen, tile)
                ? previousChange({
                    current: row[tile.measure],
                    previous: previous.rows[0]?.[tile.measure],
                    period: previous,
                    to: previous.to,
                    noData: previous.noData,
                    format,
                    goodDirection: meta?.goodDirection,
                    currency,
                    style: numberStyle,
                  })
                : null;
            // One rule for every tile: full below 1,000, the style's short form above (full on hover).
            const missing = missingText(meta, row[tile.measure]);
            const formatted = formatTileValue(row[tile.measure], format, currency, numberStyle);
            const value = missing ? { text: missing, full: missing } : formatted;
            // A computed figure's inputs, multiplied out to it (shared/insights/figureInputs.ts).
            const inputs = figureInputs(meta, row, screen.measures ?? [], currency, numberStyle);
            const noRows = meta?.noDrill && !tile.drill ? `No rows to list: ${meta.noDrill}.` : undefined;
            const days = commonDaysHint(meta, row);
            const unit = tileUnit(tile, meta, currency);
            const definition = [
              inputs,
              days,
              tile.description ?? meta?.description,
              change?.detail,
              before?.detail,
              noRows,
              confidence ? confidenceText(confidence) : null,
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <div
                key={tile.measure}
                className="ss-kpi"
                title={definition}
                tabIndex={0}
                aria-label={[
                  `${tile.label ?? meta?.label ?? tile.measure}: ${value.full}${unit ? ` ${unit}` : ''}.`,
                  definition,
                ]
                  .filter(Boolean)
                  .join(' ')}
              >
                <div className="ss-kpi__label">
                  {tile.label ?? meta?.label ?? tile.measure}
                  {definition && (
                    <span className="ss-kpi__info" aria-hidden>
                      i
                    </span>
                  )}
                  {confidence && <ConfidenceMark confidence={confidence} />}
                </div>
                <div className="ss-kpi__value" title={value.text === value.full ? undefined : value.full}>
                  {value.text}
                </div>
                {unit && <div className="ss-kpi__unit">{unit}</div>}
                {change && (
                  <div className={`ss-kpi__change ss-kpi__change--${change.direction}`}>
                    <span className="ss-kpi__delta">{change.delta}</span>{' '}
                    <span className="ss-kpi__against">{change.against}</span>
                  </div>
                )}
                {before && (
                  <div className={`ss-kpi__change ss-kpi__change--${before.tone}`}>
                    <span className="ss-kpi__delta">{before.delta}</span>{' '}
                    <span
                      className="ss-kpi__against"
                      title={before.againstFull === before.against ? undefined : before.againstFull}
                    >
                      {before.against}
                    </span>
                  </div>
                )}
                {before && explainable && (
                  <button
                    type="button"
                    className="ss-kpi__why"
                    aria-expanded={explained === tile.measure}
                    onClick={() => setExplained(explained === tile.measure ? null : tile.measure)}
                  >
                    Why?
                  </button>
                )}
                {source.drill && config.query && meta && !meta.noDrill ? (
                  <button
                    type="button"
                    className="ss-kpi__drill ss-link-btn"
                    aria-expanded={drilled === tile.measure}
                    aria-label={`View rows behind ${tile.label ?? meta.label}`}
                    onClick={() => setDrilled(drilled === tile.measure ? null : tile.measure)}
                  >
                    View rows →
                  </button>
                ) : noRows ? (
                  <span className="ss-kpi__nodrill" title={noRows}>
                    No rows to list
                  </span>
                ) : (
                  <KpiDrillLink drill={tile.drill} label={tile.label ?? meta?.label ?? tile.measure} />
                )}
                {definition && (
                  <div className="ss-kpi__definition" role="tooltip">
                    {definition}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      )}
      {row && drilled && config.query && (
        <DrillPanel
          key={drilled}
          queryId={config.query}
          measure={drilled}
          label={labelOf(screen, config, drilled)}
          override={config.tiles.find((t) => t.measure === drilled)?.drill}
          onClose={() => setDrilled(null)}
        />
      )}
      {row && explained && config.query && (
        <ExplainPanel
          key={explained}
          queryId={config.query}
          measure={explained}
          label={labelOf(screen, config, explained)}
          format={formatOf(screen, config, explained)}
          onClose={() => setExplained(null)}
        />
      )}
    </WidgetFrame>
  );
}

/** The compared keys in words, plural: ['keyword_id'] -> 'keywords'. */
function comparedKeysLabel(screen: ResolvedScreen, over: readonly string[]): string {
  const labels = over.map((id) => screen.dimensions?.find((d) => d.id === id)?.label ?? id);
  return `${labels.join(' x ').toLowerCase()}s`;
}

function labelOf(screen: ResolvedScreen, config: KpiTilesWidget, measure: string): string {
  const tile = config.tiles.find((t) => t.measure === measure);
  return tile?.label ?? screen.measures?.find((m) => m.id === measure)?.label ?? measure;
}

function formatOf(screen: ResolvedScreen, config: KpiTilesWidget, measure: string) {
  const tile = config.tiles.find((t) => t.measure === measure);
  return tile?.format ?? screen.measures?.find((m) => m.id === measure)?.format;
}

/** The id of the screen's first KPI tiles widget that shows the previous period. */
function firstCompared(screen: ResolvedScreen): string | undefined {
  return screen.widgets.find((w) => w.kind === 'kpiTiles' && w.query && queryShowsPrevious(screen, w.query))
    ?.id;
}
