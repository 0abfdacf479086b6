import type { ComponentType } from 'react';
import type { WidgetKind, WidgetNode } from '../../../shared/config.gen.js';
import { ActionsWidget } from './actions/ActionsWidget.js';
import { ChartWidget } from './chart/ChartWidget.js';
import { DataGrid } from './grid/DataGrid.js';
import { FormWidget } from './form/FormWidget.js';
import { KpiTiles } from './kpiTiles/KpiTiles.js';
import { UnknownWidget } from './frame/UnknownWidget.js';
import { UploadPanel } from './upload/UploadPanel.js';
import { OverlayWidget } from './overlay/OverlayWidget.js';
import { ReportCenter } from './report/ReportCenter.js';
import { AlertCenter } from './alertCenter/AlertCenter.js';
import { SlideDeckWidget } from './slideDeck/SlideDeckWidget.js';

type WidgetOf<K extends WidgetKind> = Extract<WidgetNode, { kind: K }>;
export type WidgetRegistry = { [K in WidgetKind]: ComponentType<{ config: WidgetOf<K> }> };

/** The one factory: a plain object keyed by kind; the type makes a missing kind a compile error. */
export function createWidgetRegistry(entries: WidgetRegistry): Readonly<WidgetRegistry> {
  return Object.freeze({ ...entries });
}

export const widgetRegistry = createWidgetRegistry({
  kpiTiles: KpiTiles,
  grid: DataGrid,
  chart: ChartWidget,
  form: FormWidget,
  actions: ActionsWidget,
  uploadPanel: UploadPanel,
  overlay: OverlayWidget,
  reportCenter: ReportCenter,
  alertCenter: AlertCenter,
  slideDeck: SlideDeckWidget,
});

/** Render a widget config; an unknown kind shows a visible 'Unknown widget: X' tile. */
export function RenderWidget({
  config,
  registry = widgetRegistry,
}: {
  config: { kind: string; id?: string };
  registry?: Readonly<WidgetRegistry>;
}) {
  const Component = Object.hasOwn(registry, config.kind)
    ? (registry[config.kind as WidgetKind] as ComponentType<{ config: unknown }>)
    : null;
  if (!Component) return <UnknownWidget kind={config.kind} id={config.id} />;
  return <Component config={config} />;
}
