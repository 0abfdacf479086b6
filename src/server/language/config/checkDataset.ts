import type { DatasetConfig, MeasureCondition } from '../../../shared/config.gen.js';
import type { ConfigProblem } from './configRegistry.js';
import { pointer } from './configProblems.js';
import { dimensionOutputFields } from '../model/datasetIndex.js';
import { ADDITIVE_KINDS, measureKind } from '../measures/measureKinds.js';
import { suggestName } from '../model/suggestName.js';
import { checkExplain } from './checkExplain.js';
import { checkDatasetDrill } from './checkDatasetDrill.js';
import { checkStockSignals } from './checkStockSignals.js';

/** Cross-references inside one (schema-valid) dataset file. */
export function checkDataset(file: string, id: string, ds: DatasetConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const add = (p: string, message: string) => problems.push({ file, pointer: p, message });
  if (ds.id !== id) add('/id', `must equal the file name "${id}"`);

  const dims = new Map<string, number>();
  ds.dimensions.forEach((d, i) => {
    if (dims.has(d.id)) add(pointer('dimensions', i, 'id'), `duplicate dimension id "${d.id}"`);
    dims.set(d.id, i);
  });
  const measures = new Map<string, number>();
  ds.measures.forEach((m, i) => {
    if (measures.has(m.id) || dims.has(m.id))
      add(pointer('measures', i, 'id'), `duplicate field id "${m.id}"`);
    measures.set(m.id, i);
  });

  // Label columns and attributes become row fields too: they must not shadow another field.
  const outputs = new Map<string, string>();
  ds.dimensions.forEach((d, i) => {
    if (d.kind !== 'column') return;
    for (const f of dimensionOutputFields(d).slice(1)) {
      const owner = outputs.get(f);
      if (owner || (dims.has(f) && f !== d.id) || measures.has(f)) {
        add(
          pointer('dimensions', i, 'lookup'),
          `row field "${f}" clashes with ${owner ? `dimension "${owner}"` : 'another field'}`,
        );
      }
      outputs.set(f, d.id);
    }
  });

  ds.dimensions.forEach((d, i) => {
    if (d.kind !== 'mapped') return;
    const target = ds.dimensions.find((t) => t.id === d.into);
    if (!target || target.kind !== 'column')
      add(
        pointer('dimensions', i, 'into'),
        `unknown column dimension "${d.into}"${suggestName(d.into, columnIds(ds))}`,
      );
  });

  ds.measures.forEach((m, i) => {
    const where = 'where' in m ? m.where : undefined;
    if (where) checkCondition(ds, where, pointer('measures', i, 'where'), add);
    if (m.kind === 'ratio' && m.commonDays)
      for (const side of ['numerator', 'denominator'] as const)
        checkCondition(ds, m.commonDays[side], pointer('measures', i, 'commonDays', side), add);
    measureKind(m).check?.(m, {
      ds,
      measure: (id) => ds.measures.find((x) => x.id === id),
      dimension: (id) => ds.dimensions.find((d) => d.id === id),
      additiveKinds: ADDITIVE_KINDS,
      add: (path, message) => add(pointer('measures', i, ...path), message),
    });
  });
  checkExplain(ds, add);
  checkDatasetDrill(ds, add);
  checkStockSignals(ds, add);
  for (const cycle of ratioCycles(ds))
    add(
      pointer('measures', measures.get(cycle[0]!)!, 'id'),
      `ratio measures refer to each other in a cycle: ${cycle.join(' -> ')}`,
    );
  return problems;
}

function ratioCycles(ds: DatasetConfig): string[][] {
  const edges = new Map<string, string[]>();
  for (const m of ds.measures) if (m.kind === 'ratio') edges.set(m.id, [m.numerator, m.denominator]);
  return findCycles(edges);
}

/** Cycles of a directed graph, each reported once starting at its first node in insertion order. */
export function findCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'visiting') {
      cycles.push([...stack.slice(stack.indexOf(node)), node]);
      return;
    }
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of edges.get(node) ?? []) if (edges.has(next)) visit(next);
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) visit(node);
  return cycles;
}

/**
 * A condition tests its column one way: exactly one of equals, in, atLeast, atMostLookup (and so
 * on down `and`); a look-up bound names a column dimension with a lookup carrying the attribute.
 */
function checkCondition(
  ds: DatasetConfig,
  c: MeasureCondition,
  at: string,
  add: (p: string, message: string) => void,
): void {
  const tests = [c.equals, c.in, c.atLeast, c.atMostLookup].filter((t) => t !== undefined).length;
  if (tests !== 1) add(at, 'needs exactly one of "equals", "in", "atLeast" or "atMostLookup"');
  if (c.atMostLookup) {
    const { dimension, attribute } = c.atMostLookup;
    const d = ds.dimensions.find((x) => x.id === dimension);
    if (!d || d.kind !== 'column' || !d.lookup)
      add(
        `${at}/atMostLookup/dimension`,
        `unknown dimension with a lookup "${dimension}"${suggestName(dimension, lookupIds(ds))}`,
      );
    else if (!(d.lookup.attributes ?? []).includes(attribute))
      add(
        `${at}/atMostLookup/attribute`,
        `"${attribute}" is not an attribute of the lookup of "${dimension}"${suggestName(attribute, d.lookup.attributes ?? [])}`,
      );
  }
  c.and?.forEach((more, j) => checkCondition(ds, more, `${at}/and/${j}`, add));
}

function lookupIds(ds: DatasetConfig): string[] {
  return ds.dimensions.filter((d) => d.kind === 'column' && d.lookup).map((d) => d.id);
}

function columnIds(ds: DatasetConfig, type?: string): string[] {
  return ds.dimensions.filter((d) => d.kind === 'column' && (!type || d.type === type)).map((d) => d.id);
}
