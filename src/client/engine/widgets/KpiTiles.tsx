import type { KpiTilesWidget } from '../../../shared/config.gen.js';
import { formatValue } from '../../../shared/format/index.js';
import { useEngine } from '../EngineContext.js';
import { useQueryRows } from '../useQueryRows.js';
import { WidgetFrame } from './WidgetFrame.js';

/** KPI tiles: one row from the query, one tile per measure, the definition on hover. */
export function KpiTiles({ config }: { config: KpiTilesWidget }) {
  const { screen, currency } = useEngine();
  const load = useQueryRows(config.query);
  const row = load.result?.rows[0];
  const status = load.status === 'ready' && !row ? 'empty' : load.status;
  return (
    <WidgetFrame
      title={config.title}
      kind="kpiTiles"
      status={status}
      error={load.status === 'error' ? load.message : undefined}
    >
      {row && (
        <div className="ss-kpis">
          {config.tiles.map((tile) => {
            const meta = screen.measures?.find((m) => m.id === tile.measure);
            const definition = tile.description ?? meta?.description;
            return (
              <div
                key={tile.measure}
                className="ss-kpi"
                title={definition}
                tabIndex={0}
                aria-label={definition}
              >
                <div className="ss-kpi__label">
                  {tile.label ?? meta?.label ?? tile.measure}
                  {definition && (
                    <span className="ss-kpi__info" aria-hidden>
                      i
                    </span>
                  )}
                </div>
                <div className="ss-kpi__value">
                  {formatValue(row[tile.measure], tile.format ?? meta?.format, currency)}
                </div>
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
    </WidgetFrame>
  );
}
