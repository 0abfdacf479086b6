import { useEffect, useMemo, useRef, useState } from 'react';
import {
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useSnapshot } from 'valtio';
import type { GridWidget } from '../../../../shared/config.gen.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { useSideScroll } from './useSideScroll.js';
import { screenActions } from '../../state/screenStore.js';
import { useQueryRows } from '../../runtime/useQueryRows.js';
import { entityRowsParams, useEntityRows } from '../../runtime/useEntityRows.js';
import { useRefreshTick } from '../../runtime/useRefreshTick.js';
import { ExportLink } from '../frame/ExportLink.js';
import { DownloadLinks } from '../frame/DownloadLinks.js';
import { columnPaise } from '../../../../shared/format/index.js';
import { GridCell } from './GridCell.js';
import { cellProps, columnLayouts } from './columnLayout.js';
import { RowActions } from './RowActions.js';
import { tabCountGridId } from './tabCountGrid.js';
import { BulkBar } from './BulkBar.js';
import { TICK_COLUMN, TicksContext, type Ticks } from './tickColumn.js';
import { toggleAll, toggleRow, type Selection, type SelectionChange } from './rowSelection.js';
import { overlayState } from '../overlay/overlayStore.js';
import type { ResolvedScreen } from '../../../../shared/screenApi.js';
import { loadFrame, WidgetFrame } from '../frame/WidgetFrame.js';

/** The row actions' column: kept in view at the grid's right edge, its buttons on one line. */
const ACTIONS = '__actions';
const ACTIONS_CELL = { className: 'ss-actions-cell' };

type Row = Record<string, unknown>;
// Sorting only: paging is server-side through offset/limit and Show More, so no pagination feature.
const features = tableFeatures({ rowSortingFeature });

/** Server-paged, server-sorted grid (TanStack Table v9 in manual mode) with Show More. */
export function DataGrid({ config }: { config: GridWidget }) {
  const { screen, store, currency, numberStyle, source } = useEngine();
  const snap = useSnapshot(store);
  // Both hooks run (hook order); the one the config does not name stays idle.
  const queryLoad = useQueryRows(config.rows ? undefined : config.query, config.id);
  // Bumped when a row action wrote, so an entity grid shows the change.
  const [version, setVersion] = useState(0);
  // A monitor (rows.refreshSeconds) reloads its loaded rows on a timer: runs move on their own.
  const refreshTick = useRefreshTick(config.rows?.refreshSeconds);
  // An upload on the screen moves dataVersion: an entity grid reads again too (the city list).
  const entityLoad = useEntityRows(config.rows, version + refreshTick + snap.dataVersion, config.id);
  // A write elsewhere on the screen (a form, another grid's row action): store rows read again too.
  const seenData = useRef(snap.dataVersion);
  useEffect(() => {
    if (snap.dataVersion === seenData.current) return;
    seenData.current = snap.dataVersion;
    setVersion((v) => v + 1);
  }, [snap.dataVersion]);
  const load = config.rows ? entityLoad : queryLoad;
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => (load.result?.rows ?? []) as Row[], [load.result]);
  // Measured again whenever rows arrive: the scroller mounts with them.
  const hidden = useSideScroll(scroller, rows);
  const total = load.result?.total ?? 0;
  // The comparison period of change columns (the rows carry the previous values).
  const previous = load.result?.previous;

  const layouts = useMemo(() => columnLayouts(config.columns), [config.columns]);
  // Each currency column prints its rows one way: paise for all or for none (columnPaise).
  const paise = useMemo(
    () =>
      new Map(
        config.columns
          .filter((c) => c.kind === 'currency')
          .map((c) => [c.field, columnPaise(rows.map((r) => r[c.field]))]),
      ),
    [config.columns, rows],
  );
  const columns = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      config.columns.map((col, i) => ({
        // A change column shows the same measure as its value column: its own id.
        id: col.kind === 'change' ? `${col.field}__change` : col.field,
        accessorFn: (row: Row) => row[col.field],
        header:
          col.header ??
          (col.kind === 'change'
            ? `${fieldLabel(screen, col.field)} vs previous`
            : fieldLabel(screen, col.field)),
        // Only declared sort fields: the server refuses any other order_by.
        enableSorting: col.kind !== 'change' && col.sortable === true,
        cell: (info) => (
          <GridCell
            column={col}
            row={info.row.original}
            currency={currency}
            numberStyle={numberStyle}
            paise={paise.get(col.field)}
            clamp={layouts[i]?.clamp}
            productPage={source.productPage?.bind(source)}
            measures={screen.measures}
            previous={previous}
          />
        ),
      })),
    [config.columns, currency, numberStyle, paise, layouts, screen, source, previous],
  );
  const [actionResult, setActionResult] = useState<{ ok: boolean; message: string } | null>(null);
  // An edit saved in an overlay: reload the rows and say so (the overlay has closed).
  const { saved } = useSnapshot(overlayState);
  const seenSave = useRef(saved.count);
  useEffect(() => {
    if (saved.count === seenSave.current) return;
    seenSave.current = saved.count;
    setActionResult({ ok: true, message: saved.message });
    setVersion((v) => v + 1);
  }, [saved]);
  // Ticked rows (grids with bulk actions), kept across Show More; a write or a new query clears them.
  const [selection, setSelection] = useState<Selection>(new Map());
  const [selectionNote, setSelectionNote] = useState<string | null>(null);
  const applySelection = (change: SelectionChange) => {
    if (change.refused !== undefined) return setSelectionNote(change.refused);
    setSelectionNote(null);
    setSelection(change.selection);
  };
  const rowKeyOf = (row: Row, index: number) =>
    config.rowKey ? config.rowKey.map((k) => String(row[k] as string)).join(':') : String(index);
  useEffect(() => {
    setSelection(new Map());
    setSelectionNote(null);
  }, [snap.scrollToken]);
  const shown = rows.map((row, i) => ({ key: rowKeyOf(row, i), row }));
  const ticks: Ticks = {
    selected: (key) => selection.has(key),
    all: shown.length > 0 && shown.every((r) => selection.has(r.key)),
    keyOf: rowKeyOf,
    toggleRow: (key, row) => applySelection(toggleRow(config, selection, key, row)),
    toggleAll: () => applySelection(toggleAll(config, selection, shown)),
  };
  const withActions = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      config.rowActions?.length
        ? [
            ...columns,
            {
              id: ACTIONS,
              header: 'Action',
              enableSorting: false,
              cell: (info) => (
                <RowActions
                  actions={config.rowActions ?? []}
                  row={info.row.original}
                  onDone={(ok, message) => {
                    setActionResult({ ok, message });
                    // dataChanged reloads this grid's rows too (and the screen's queries).
                    if (ok) screenActions.dataChanged(store);
                  }}
                />
              ),
            },
          ]
        : columns,
    [columns, config.rowActions, store],
  );
  const sorting: SortingState = snap.filters.order_by
    ? [{ id: snap.filters.order_by, desc: snap.filters.order_type === 'desc' }]
    : [];

  const table = useTable({
    features,
    columns: config.bulkActions?.length
      ? [TICK_COLUMN as ColumnDef<typeof features, Row>, ...withActions]
      : withActions,
    data: rows,
    manualSorting: true,
    getRowId: rowKeyOf,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      screenActions.setOrder(store, first?.id, first ? (first.desc ? 'desc' : 'asc') : undefined);
    },
  });

  // Every filter change restarts paging and the scroll (docs/product-spec.md §4).
  useEffect(() => {
    scroller.current?.scrollTo?.({ top: 0 });
  }, [snap.scrollToken]);

  // Only the screen's counted grid sets the tab's 'loaded/total' (tabCountGrid.ts).
  const counted = tabCountGridId(screen) === config.id;
  useEffect(() => {
    if (counted && load.status === 'ready') screenActions.setCounts(store, rows.length, total);
  }, [counted, load.status, rows.length, total, store]);

  return (
    <WidgetFrame
      title={config.title}
      kind="grid"
      {...loadFrame(load, rows.length > 0)}
      actions={
        !config.exportable ? undefined : config.query ? (
          <ExportLink queryId={config.query} />
        ) : config.rows?.endpoint ? (
          <DownloadLinks
            endpoint={config.rows.endpoint}
            params={downloadParams(screen, snap.filters)}
            what={config.title ?? 'rows'}
          />
        ) : undefined
      }
    >
      {rows.length > 0 && (
        <>
          {config.bulkActions?.length ? (
            <>
              <BulkBar
                grid={config}
                selection={selection}
                onClear={() => applySelection({ selection: new Map() })}
                onDone={(ok, message) => {
                  setActionResult({ ok, message });
                  if (!ok) return;
                  applySelection({ selection: new Map() });
                  setVersion((v) => v + 1);
                  screenActions.dataChanged(store);
                }}
              />
              {selectionNote && (
                <div className="ss-banner ss-banner--error" role="alert">
                  {selectionNote}
                </div>
              )}
            </>
          ) : null}
          {/* Focusable so the keyboard can scroll a wide grid sideways (and a KPI drill lands here). */}
          {hidden.right && (
            <div className="ss-grid__more" aria-hidden>
              More columns → (scroll sideways)
            </div>
          )}
          <div
            className={`ss-grid__scroll${hidden.right ? ' ss-grid__scroll--more-right' : ''}${hidden.left ? ' ss-grid__scroll--more-left' : ''}`}
            ref={scroller}
            tabIndex={0}
            role="region"
            aria-label={config.title ?? 'Rows'}
          >
            <TicksContext.Provider value={ticks}>
              <table className="ss-grid">
                <thead>
                  {table.getHeaderGroups().map((group) => (
                    <tr key={group.id}>
                      {group.headers.map((header) => {
                        const sorted = header.column.getIsSorted();
                        const at = config.columns.findIndex((c) => c.field === header.column.id);
                        const col = config.columns[at];
                        return (
                          <th
                            key={header.id}
                            {...(header.column.id === ACTIONS
                              ? ACTIONS_CELL
                              : header.column.id === '__select'
                                ? { ...cellProps(layouts[at], true), className: 'ss-grid__tick' }
                                : cellProps(layouts[at], true))}
                            aria-sort={
                              sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                            }
                            title={col?.description}
                          >
                            {header.column.getCanSort() ? (
                              <button
                                type="button"
                                className="ss-sort"
                                onClick={header.column.getToggleSortingHandler()}
                              >
                                <table.FlexRender header={header} />
                                <span className="ss-sort__icon" aria-hidden>
                                  {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                                </span>
                              </button>
                            ) : (
                              <table.FlexRender header={header} />
                            )}
                          </th>
                        );
                      })}
                    </tr>
                  ))}
                </thead>
                <tbody>
                  {table.getRowModel().rows.map((row) => (
                    <tr key={row.id}>
                      {row.getAllCells().map((cell) => {
                        const at = config.columns.findIndex((c) => c.field === cell.column.id);
                        return (
                          <td
                            key={cell.id}
                            {...(cell.column.id === ACTIONS
                              ? ACTIONS_CELL
                              : cell.column.id === '__select'
                                ? { className: 'ss-grid__tick' }
                                : cellProps(layouts[at], false))}
                          >
                            <table.FlexRender cell={cell} />
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TicksContext.Provider>
          </div>
          {actionResult && (
            <div
              className={`ss-banner ${actionResult.ok ? 'ss-banner--ok' : 'ss-banner--error'}`}
              role="status"
            >
              {actionResult.message}
            </div>
          )}
          <footer className="ss-grid__foot">
            <span className="ss-muted">
              Showing {rows.length} of {total}
            </span>
            {total > rows.length && (
              <button
                type="button"
                className="ss-btn"
                disabled={load.status === 'loading'}
                onClick={() => screenActions.showMore(store, config.id)}
              >
                {load.status === 'loading' ? 'Loading…' : 'Show More'}
              </button>
            )}
          </footer>
        </>
      )}
    </WidgetFrame>
  );
}

/** Column title from the dataset's measure/dimension labels when the config gives none. */
function fieldLabel(screen: ResolvedScreen, field: string): string {
  return (
    screen.measures?.find((m) => m.id === field)?.label ??
    screen.dimensions?.find((d) => d.id === field)?.label ??
    field
  );
}

/** A list endpoint's download: the grid's filters and sort, every row (no page). */
function downloadParams(screen: ResolvedScreen, filters: Record<string, unknown>): Record<string, unknown> {
  const { offset: _offset, limit: _limit, ...rest } = entityRowsParams(screen, filters);
  return rest;
}
