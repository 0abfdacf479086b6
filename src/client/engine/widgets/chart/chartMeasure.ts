/**
 * The measure a chart draws: the first of its encodings (y, x, theta, color, size) whose field is
 * a measure of its query; a click on a point drills to that measure's rows.
 */
export function chartMeasure(spec: Record<string, unknown>, measures: readonly string[]): string | null {
  for (const s of [spec, ...layers(spec)]) {
    const encoding = (s.encoding ?? {}) as Record<string, { field?: unknown } | undefined>;
    for (const channel of ['y', 'x', 'theta', 'color', 'size']) {
      const field = encoding[channel]?.field;
      if (typeof field === 'string' && measures.includes(field)) return field;
    }
  }
  return null;
}

function layers(spec: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(spec.layer) ? (spec.layer as Record<string, unknown>[]) : [];
}
