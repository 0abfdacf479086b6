/** A tiny inline trend line for a list of numbers (grid sparkline column). */
export function Sparkline({
  values,
  width = 80,
  height = 22,
}: {
  values: unknown;
  width?: number;
  height?: number;
}) {
  const points = toNumbers(values);
  if (points.length < 2) return <span className="ss-muted">---</span>;
  const min = Math.min(...points);
  const span = Math.max(...points) - min || 1;
  const step = width / (points.length - 1);
  const path = points.map(
    (v, i) => `${(i * step).toFixed(1)},${(height - 2 - ((v - min) / span) * (height - 4)).toFixed(1)}`,
  );
  return (
    <svg
      className="ss-sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`trend ${points.join(', ')}`}
    >
      <polyline points={path.join(' ')} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/** Accepts a number list or a comma-separated string (what SQL string_agg gives). */
export function toNumbers(values: unknown): number[] {
  const list = Array.isArray(values) ? values : typeof values === 'string' ? values.split(',') : [];
  return list.map(Number).filter((n) => Number.isFinite(n));
}
