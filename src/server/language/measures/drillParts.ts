import type { MeasureCondition, MeasureNode } from '../../../shared/config.gen.js';
import type { DrillPart, MeasureDrill, MeasureKind } from './measureKind.js';

/** The measure itself as a drill row's figure: the same SQL over the row's fact rows. */
export function selfPart<M extends MeasureNode>(kind: MeasureKind<M>, m: M): DrillPart {
  return { id: m.id, label: m.label, format: m.format, sql: (ctx) => kind.sql(m, ctx) };
}

/**
 * An additive measure's drill: rows each carrying the measure over their own fact rows, which sum
 * to the tile; `where` (the rows it counts or sums) narrows the list to the rows that contribute.
 */
export function summedDrill<M extends MeasureNode>(
  kind: MeasureKind<M>,
  m: M,
  where?: MeasureCondition,
  more: Partial<MeasureDrill> = {},
): MeasureDrill {
  return {
    parts: [selfPart(kind, m)],
    combine: 'sum',
    ...(where ? { where: [{ label: m.label, condition: where }] } : {}),
    ...more,
  };
}

type Where = NonNullable<MeasureDrill['where']>;

/**
 * The rows either side of a ratio reads: none (every row) when a side reads every row, else both
 * sides' conditions, less one the other implies (in stock is listed: the list is the listed rows).
 */
export function eitherWhere(a: Where | undefined, b: Where | undefined): Where | undefined {
  if (!a || !b) return undefined;
  const all = [...a, ...b];
  return all.filter(
    (w, i) =>
      !all.some(
        (o, j) =>
          j !== i && implies(w.condition, o.condition) && (!implies(o.condition, w.condition) || j < i),
      ),
  );
}

/** The single tests a condition makes (its own and its `and`s), all of which must hold. */
function conjuncts(c: MeasureCondition): MeasureCondition[] {
  const { and, ...own } = c;
  return [own, ...(and ?? []).flatMap(conjuncts)];
}

/** True when every row meeting `a` meets `b` too, as far as a structural look can tell. */
export function implies(a: MeasureCondition, b: MeasureCondition): boolean {
  const as = conjuncts(a);
  return conjuncts(b).every((bc) => as.some((ac) => testImplies(ac, bc)));
}

function testImplies(a: MeasureCondition, b: MeasureCondition): boolean {
  if (a.column !== b.column) return false;
  if (JSON.stringify(a) === JSON.stringify(b)) return true;
  const values = a.equals !== undefined ? [a.equals] : a.in;
  if (!values) return a.atLeast !== undefined && b.atLeast !== undefined && a.atLeast >= b.atLeast;
  if (b.in) return values.every((v) => b.in!.includes(v));
  if (b.equals !== undefined) return values.every((v) => v === b.equals);
  if (b.atLeast !== undefined) return values.every((v) => typeof v === 'number' && v >= b.atLeast!);
  return false;
}
