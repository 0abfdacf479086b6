import { SERIES_COLORS, toneColorScale } from '../../../../shared/vocab/index.js';

type Spec = Record<string, unknown>;
interface ColorChannel {
  field?: string;
  scale?: unknown;
  legend?: unknown;
  value?: unknown;
}

/**
 * Colours that carry meaning. A chart coloured by verdict labels (Matched, Missing,
 * Low, Max ...) draws each with its tone's colour whatever order the data comes in; a chart whose
 * colour only tells bars apart (no legend) draws them in one neutral accent, since a green bar
 * would read as 'good'; real series (channels, measures with a legend) get colours without green
 * or red. A spec that sets its own scale keeps it.
 */
export function withMeaningfulColors(spec: Spec, rows: readonly Record<string, unknown>[]): Spec {
  const encoding = spec.encoding as Record<string, unknown> | undefined;
  const color = encoding?.color as ColorChannel | undefined;
  if (!encoding || !color?.field || color.scale !== undefined) return spec;
  const labels = labelsOf(spec, color.field, rows);
  const scale = labels ? toneColorScale(labels) : null;
  if (scale) return { ...spec, encoding: { ...encoding, color: { ...color, scale } } };
  if (color.legend === null)
    return { ...spec, encoding: { ...encoding, color: { value: SERIES_COLORS[0] } } };
  return { ...spec, encoding: { ...encoding, color: { ...color, scale: { range: SERIES_COLORS } } } };
}

/**
 * The values a colour field can take: from the rows when the field is theirs, else the results of
 * the spec's `calculate` that makes it ("... ? 'Matched' : 'Missing'"). Null when they cannot be known.
 */
function labelsOf(spec: Spec, field: string, rows: readonly Record<string, unknown>[]): string[] | null {
  if (rows.some((r) => field in r)) return rows.map((r) => String(r[field] as string));
  const transforms = (spec.transform as { calculate?: string; as?: string }[] | undefined) ?? [];
  const calc = transforms.find((t) => t.as === field && typeof t.calculate === 'string');
  if (!calc?.calculate) return null;
  // Every branch's literal, the last `: 'Own'` included: a value left out of the scale's domain
  // gets no colour, and its bars are not drawn at all.
  const results = [...calc.calculate.matchAll(/[?:]\s*'([^']*)'/g)].map((m) => m[1]!);
  return results.length ? results : null;
}
