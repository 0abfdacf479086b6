/**
 * Exact splits of a measure's change between two periods over the members of a dimension
 * (docs/metrics.md, "Why it moved"): the contributions always add up to the change.
 */

/** One member's figures in one period; absent when the member has no rows in it. */
export interface MemberFigures {
  key: string;
  label: string;
  /** Additive: the value. Ratio: numerator and denominator. Price x volume: revenue and volume. */
  a: number;
  b?: number;
}

export type Effect = 'member' | 'rate' | 'mix' | 'price' | 'volume' | 'entered' | 'left' | 'others';

export interface Contribution {
  key: string;
  label: string;
  effect: Effect;
  value: number;
}

export interface Split {
  current: number | null;
  previous: number | null;
  change: number | null;
  contributions: Contribution[];
}

interface Pair {
  key: string;
  label: string;
  now?: MemberFigures;
  before?: MemberFigures;
}

function pairs(current: MemberFigures[], previous: MemberFigures[]): Pair[] {
  const byKey = new Map<string, Pair>();
  for (const m of previous) byKey.set(m.key, { key: m.key, label: m.label, before: m });
  for (const m of current) {
    const p = byKey.get(m.key);
    if (p) Object.assign(p, { now: m, label: m.label });
    else byKey.set(m.key, { key: m.key, label: m.label, now: m });
  }
  return [...byKey.values()];
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

/** Additive measures (counts, sums): each member's own change. */
export function additiveSplit(current: MemberFigures[], previous: MemberFigures[]): Split {
  const c = sum(current.map((m) => m.a));
  const p = sum(previous.map((m) => m.a));
  const contributions = pairs(current, previous).map(({ key, label, now, before }) => ({
    key,
    label,
    effect: 'member' as const,
    value: (now?.a ?? 0) - (before?.a ?? 0),
  }));
  return { current: c, previous: p, change: c - p, contributions };
}

/**
 * Ratio measures (numerator / denominator x scale): the two-factor Shapley split of each member's
 * term w·r (w its share of the denominator, r its own ratio) into a rate effect Δr·(w0+w1)/2 and a
 * mix effect Δw·(r0+r1)/2; a member with a denominator in one period only is entered or left.
 */
export function rateMixSplit(current: MemberFigures[], previous: MemberFigures[], scale = 1): Split {
  const ratioOf = (ms: MemberFigures[]) => {
    const d = sum(ms.map((m) => m.b ?? 0));
    return { d, value: d === 0 ? null : (sum(ms.map((m) => m.a)) / d) * scale };
  };
  const c = ratioOf(current);
  const p = ratioOf(previous);
  const term = (m: MemberFigures | undefined, total: number) => {
    const b = m?.b ?? 0;
    if (!m || b === 0 || total === 0) return null;
    return { w: b / total, r: (m.a / b) * scale };
  };
  const contributions: Contribution[] = [];
  for (const { key, label, now, before } of pairs(current, previous)) {
    const t1 = term(now, c.d);
    const t0 = term(before, p.d);
    if (t1 && t0) {
      contributions.push({ key, label, effect: 'rate', value: (t1.r - t0.r) * ((t0.w + t1.w) / 2) });
      contributions.push({ key, label, effect: 'mix', value: (t1.w - t0.w) * ((t0.r + t1.r) / 2) });
    } else if (t1 && p.value !== null) {
      contributions.push({ key, label, effect: 'entered', value: t1.w * t1.r });
    } else if (t0 && c.value !== null) {
      contributions.push({ key, label, effect: 'left', value: -t0.w * t0.r });
    }
  }
  // Without a denominator in one period there is no ratio to change from or to.
  if (c.value === null || p.value === null)
    return { current: c.value, previous: p.value, change: null, contributions: [] };
  return { current: c.value, previous: p.value, change: c.value - p.value, contributions };
}

/** The logarithmic mean L(x, y) = (x - y) / (ln x - ln y), L(x, x) = x. */
export function logMean(x: number, y: number): number {
  if (x === y) return x;
  return (x - y) / (Math.log(x) - Math.log(y));
}

/**
 * Revenue as price x volume (a = revenue, b = volume, price = a / b): the log-mean Divisia split
 * per member, L(V1, V0)·ln(p1/p0) and L(V1, V0)·ln(q1/q0), whose sum is V1 - V0 exactly. A member
 * without revenue or volume in either period is entered or left with its whole revenue.
 */
export function priceVolumeSplit(current: MemberFigures[], previous: MemberFigures[]): Split {
  const c = sum(current.map((m) => m.a));
  const p = sum(previous.map((m) => m.a));
  const positive = (m?: MemberFigures) => m !== undefined && m.a > 0 && (m.b ?? 0) > 0;
  const contributions: Contribution[] = [];
  for (const { key, label, now, before } of pairs(current, previous)) {
    if (positive(now) && positive(before)) {
      const v1 = now!.a;
      const v0 = before!.a;
      const l = logMean(v1, v0);
      const volume = l * Math.log(now!.b! / before!.b!);
      // The price effect is the rest of the member's change: the two add up to it exactly, and
      // equal L·ln(p1/p0) to rounding.
      contributions.push({ key, label, effect: 'price', value: v1 - v0 - volume });
      contributions.push({ key, label, effect: 'volume', value: volume });
    } else {
      const delta = (now?.a ?? 0) - (before?.a ?? 0);
      if (delta !== 0)
        contributions.push({ key, label, effect: delta > 0 ? 'entered' : 'left', value: delta });
    }
  }
  return { current: c, previous: p, change: c - p, contributions };
}
