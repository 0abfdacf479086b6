import type { ScreenConfig } from '../../../shared/config.gen.js';
import type { FieldMeta, ResolvedScreen } from '../../../shared/screenApi.js';
import type { AuthContext } from '../../access/auth/authContext.js';
import type { ConfigSnapshot } from '../../language/config/configRegistry.js';
import { allowedTabs, datasetOf } from './screenAccess.js';
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
  const explainBy = ds.explain?.dimensions.map((id) => ({
    id,
    label: ds.dimensions.find((d) => d.id === id)?.label ?? id,
  }));
  return {
    ...screen,
    tabs,
    measures,
    dimensions: dimensions.map(dropUndefined),
    ...(explainBy ? { explainBy } : {}),
    ...(ds.coverage ? { coverage: ds.coverage } : {}),
  };
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
