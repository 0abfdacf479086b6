/**
 * The speed targets of the product (docs/bench.md, "Targets"), each with the figure a bench part
 * measured, PASS or MISS, and the load average beside it: on the shared machine a figure means
 * little without the load it was taken under. Bench parts record here; bench.ts prints the table
 * at the end of any run.
 */
import { loadavg } from 'node:os';

export interface TargetFigure {
  /** What is measured and where ('explain p95, demo tenant, DuckDB'). */
  name: string;
  /** The figure as printed ('181.2 ms', '1.41x'). */
  figure: string;
  /** The target as printed ('< 150 ms'). */
  target: string;
  pass: boolean;
  /** 1-minute load average when it was recorded. */
  load: number;
}

const recorded: TargetFigure[] = [];

/** Records a figure against its target; `value <= limit` (or `<` when `strict`) passes. */
export function recordTarget(
  name: string,
  value: number,
  limit: number,
  unit: 'ms' | 'x' | 's',
  strict = true,
): boolean {
  const pass = strict ? value < limit : value <= limit;
  const show = (v: number) =>
    unit === 'x' ? `${v.toFixed(2)}x` : `${v.toFixed(unit === 's' ? 1 : 0)} ${unit}`;
  recorded.push({
    name,
    figure: Number.isFinite(value) ? show(value) : 'not measured',
    target: `${strict ? '<' : '<='} ${show(limit)}`,
    pass: Number.isFinite(value) && pass,
    load: loadavg()[0]!,
  });
  return pass;
}

/** The recorded targets as a table, one line each ('' when none was recorded). */
export function formatTargets(figures: readonly TargetFigure[] = recorded): string {
  if (figures.length === 0) return '';
  const w = (f: (t: TargetFigure) => string, title: string) =>
    Math.max(title.length, ...figures.map((t) => f(t).length));
  const cols: [string, (t: TargetFigure) => string][] = [
    ['target', (t) => t.name],
    ['figure', (t) => t.figure],
    ['needs', (t) => t.target],
    ['result', (t) => (t.pass ? 'PASS' : 'MISS')],
    ['load', (t) => t.load.toFixed(1)],
  ];
  const widths = cols.map(([title, f]) => w(f, title));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(cols.map(([title]) => title)),
    line(widths.map((n) => '-'.repeat(n))),
    ...figures.map((t) => line(cols.map(([, f]) => f(t)))),
  ].join('\n');
}
