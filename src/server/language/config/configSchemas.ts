/**
 * The config language's JSON Schemas, imported (not read from disk) so the bundled server and the
 * tests find them wherever they run.
 */
import action from '../../../../schemas/action.schema.json' with { type: 'json' };
import area from '../../../../schemas/area.schema.json' with { type: 'json' };
import chart from '../../../../schemas/chart.schema.json' with { type: 'json' };
import common from '../../../../schemas/common.schema.json' with { type: 'json' };
import dataset from '../../../../schemas/dataset.schema.json' with { type: 'json' };
import filter from '../../../../schemas/filter.schema.json' with { type: 'json' };
import form from '../../../../schemas/form.schema.json' with { type: 'json' };
import grid from '../../../../schemas/grid.schema.json' with { type: 'json' };
import gridColumn from '../../../../schemas/gridColumn.schema.json' with { type: 'json' };
import kpiTile from '../../../../schemas/kpiTile.schema.json' with { type: 'json' };
import layout from '../../../../schemas/layout.schema.json' with { type: 'json' };
import mutation from '../../../../schemas/mutation.schema.json' with { type: 'json' };
import overlay from '../../../../schemas/overlay.schema.json' with { type: 'json' };
import query from '../../../../schemas/query.schema.json' with { type: 'json' };
import screen from '../../../../schemas/screen.schema.json' with { type: 'json' };
import shared from '../../../../schemas/shared.schema.json' with { type: 'json' };
import slideView from '../../../../schemas/slideView.schema.json' with { type: 'json' };
import widget from '../../../../schemas/widget.schema.json' with { type: 'json' };
import upload from '../../../../schemas/upload.schema.json' with { type: 'json' };
import report from '../../../../schemas/report.schema.json' with { type: 'json' };
import caseRule from '../../../../schemas/caseRule.schema.json' with { type: 'json' };

export const CONFIG_SCHEMAS: readonly object[] = [
  action,
  area,
  chart,
  common,
  dataset,
  filter,
  form,
  grid,
  gridColumn,
  kpiTile,
  layout,
  mutation,
  overlay,
  query,
  screen,
  shared,
  slideView,
  widget,
  upload,
  report,
  caseRule,
];

/** $id of each file kind's root schema. */
export const FILE_SCHEMA_IDS = {
  area: area.$id,
  screen: screen.$id,
  dataset: dataset.$id,
  shared: shared.$id,
  caseRule: caseRule.$id,
  /** A saved slide view (paxviz), stored per group rather than as a file. */
  slideView: slideView.$id,
} as const;
export type ConfigFileKind = keyof typeof FILE_SCHEMA_IDS;
