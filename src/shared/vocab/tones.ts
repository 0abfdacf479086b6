import { VOCABULARIES, type Tone, type VocabEntry } from './vocabularies.js';

/**
 * One colour per tone, the same as tokens.css (--ss-good, --ss-bad, ...): chips, bands and chart
 * series that carry a verdict are drawn with these and nothing else.
 */
export const TONE_COLORS: Record<Tone, string> = {
  good: '#16a34a',
  bad: '#dc2626',
  warn: '#d97706',
  info: '#2f6fed',
  neutral: '#9ca3af',
};

/**
 * Further shades of each tone, for charts with several series of one tone (Max, Min and Max Min
 * are all violations): still red, but told apart.
 */
export const TONE_SHADES: Record<Tone, readonly string[]> = {
  good: [TONE_COLORS.good, '#4ade80', '#166534'],
  bad: [TONE_COLORS.bad, '#f87171', '#991b1b', '#fca5a5'],
  warn: [TONE_COLORS.warn, '#fbbf24', '#92400e'],
  info: [TONE_COLORS.info, '#93b4f8', '#1d4fc4'],
  neutral: [TONE_COLORS.neutral, '#6b7280', '#d1d5db'],
};

/**
 * Series without a verdict (channels, measures) get colours that say nothing: no green or red,
 * which a reader would take for good and bad.
 */
export const SERIES_COLORS = ['#2f6fed', '#7c3aed', '#0891b2', '#c2410c', '#475569', '#db2777', '#65a30d'];

/** Every label of every vocabulary with its tone (a label means one tone everywhere). */
const TONE_BY_LABEL: ReadonlyMap<string, Tone> = new Map(
  Object.values(VOCABULARIES).flatMap((v) =>
    Object.values(v as Record<string, VocabEntry>).map((e) => [e.label.toLowerCase(), e.tone] as const),
  ),
);

export function toneOfLabel(label: unknown): Tone | undefined {
  return typeof label === 'string' ? TONE_BY_LABEL.get(label.trim().toLowerCase()) : undefined;
}

/**
 * The colour scale of a chart series field: when every value is a known verdict label, each gets
 * its tone's colour; otherwise null (the chart uses SERIES_COLORS).
 */
export function toneColorScale(values: readonly unknown[]): { domain: string[]; range: string[] } | null {
  const distinct = [...new Set(values.map((v) => String(v)))];
  if (!distinct.length) return null;
  const tones = distinct.map((v) => toneOfLabel(v));
  if (tones.some((t) => t === undefined)) return null;
  const used = new Map<Tone, number>();
  const range = tones.map((t) => {
    const n = used.get(t!) ?? 0;
    used.set(t!, n + 1);
    const shades = TONE_SHADES[t!];
    return shades[n % shades.length]!;
  });
  return { domain: distinct, range };
}
