import type { ScreenConfig } from '../../../shared/config.gen.js';
import type { FieldMeta, ResolvedScreen } from '../../../shared/screenApi.js';
import type { AuthContext } from '../../access/auth/authContext.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import { allowedTabs, datasetOf } from './screenAccess.js';
import type { DatasetIndex } from '../../language/model/datasetIndex.js';
import { measureInputs } from '../../language/measures/measureKinds.js';
import { measureDrill } from '../../language/measures/measureDrill.js';
import { measureUnit } from '../../language/measures/measureUnit.js';

export function resolveScreen(
  snapshot: ConfigSnapshot,
  screen: ScreenConfig,
  auth: AuthContext | null,
): ResolvedScreen {
  const area = snapshot.areas.get(screen.area);
  const tabs = area ? allowedTabs(snapshot, area, auth) : [];
  if (!screen.dataset) return { ...screen, tabs, measures: [], dimensions: [] };
  const index = datasetOf(snapshot, screen);
  const ds = index.config;
  const { measures, dimensions } = fieldsOf(index);
  // A group's extra screen may show widgets of screens over other datasets (composeExtraScreen.ts):
  // their fields join the screen's, the checker having refused a measure meaning two things.
  for (const other of otherDatasets(snapshot, screen)) {
    const more = fieldsOf(other);
    const has = new Set([...measures, ...dimensions].map((f) => f.id));
    measures.push(...more.measures.filter((m) => !has.has(m.id)));
    dimensions.push(...more.dimensions.filter((d) => !has.has(d.id)));
  }
  const explainBy = ds.explain?.dimensions.map((id) => ({
    id,
    label: ds.dimensions.find((d) => d.id === id)?.label ?? id,
  }));
  return {
    ...screen,
    tabs,
    measures,
    dimensions,
    ...(explainBy ? { explainBy } : {}),
    ...(ds.coverage ? { coverage: ds.coverage } : {}),
  };
}

/** The datasets other than the screen's own that its queries' endpoints read. */
function otherDatasets(snapshot: ConfigSnapshot, screen: ScreenConfig): DatasetIndex[] {
  const found = new Map<string, DatasetIndex>();
  for (const q of screen.queries ?? []) {
    const binding = snapshot.endpoints.get(q.endpoint);
    const owner = binding ? snapshot.screens.get(binding.screenKey) : undefined;
    if (owner?.dataset && owner.dataset !== screen.dataset && !found.has(owner.dataset))
      found.set(owner.dataset, datasetOf(snapshot, owner));
  }
  return [...found.values()];
}

function fieldsOf(index: DatasetIndex): { measures: ResolvedScreen['measures']; dimensions: FieldMeta[] } {
  const ds = index.config;
  const measures = ds.measures.map((m) => {
    const drill = measureDrill(index, m.id);
    const inputs = measureInputs(m);
    const unit = measureUnit(index, m.id);
    const labelOf = (id: string) => ds.measures.find((x) => x.id === id)?.label ?? id;
    const commonDays =
      m.kind === 'ratio' && m.commonDays
        ? { numerator: labelOf(m.numerator), denominator: labelOf(m.denominator) }
        : undefined;
    return {
      id: m.id,
      label: m.label,
      description: m.description,
      format: m.format,
      goodDirection: m.goodDirection,
      ...(inputs ? { inputs } : {}),
      ...(unit ? { unit } : {}),
      ...('reason' in drill ? { noDrill: drill.reason } : {}),
      ...(commonDays ? { commonDays } : {}),
    };
  });
  const dimensions: FieldMeta[] = [];
  for (const d of ds.dimensions) {
    dimensions.push(
      withDescription(
        { id: d.id, label: d.label, format: d.type === 'date' ? 'date' : undefined },
        d.description,
      ),
    );
    if (d.kind !== 'column' || !d.lookup) continue;
    // A grouped row also carries the label column and attributes: give them headers too.
    dimensions.push({ id: d.lookup.labelColumn, label: d.label });
    for (const a of d.lookup.attributes ?? []) dimensions.push({ id: a, label: humanize(a) });
  }
  return { measures, dimensions: dimensions.map(dropUndefined) };
}

function withDescription(meta: FieldMeta, description: string | undefined): FieldMeta {
  return description ? { ...meta, description } : meta;
}

function dropUndefined(meta: FieldMeta): FieldMeta {
  return Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined)) as unknown as FieldMeta;
}

/** 'sku_code' -> 'SKU Code'-ish header for attributes that have no label of their own. */
function humanize(column: string): string {
  return column
    .split('_')
    .map((w) =>
      w === 'sku' || w === 'mrp' || w === 'url' ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join(' ');
}
