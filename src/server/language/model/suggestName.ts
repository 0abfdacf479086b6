/** How many allowed values a message lists before it says how many more there are. */
const LISTED = 12;

/**
 * The tail of an "unknown name" message: the closest allowed name (when it is close enough to be
 * a likely typo) and the allowed names, so the author can fix the file without reading the code.
 */
export function suggestName(name: string, allowed: Iterable<string>): string {
  const names = [...new Set(allowed)].sort();
  if (names.length === 0) return ' (none is defined and valid)';
  const close = closestName(name, names);
  const shown = names.slice(0, LISTED).join(', ');
  const more = names.length > LISTED ? `, … (${names.length - LISTED} more)` : '';
  return close ? `; did you mean "${close}"? Allowed: ${shown}${more}` : `; allowed: ${shown}${more}`;
}

/** The allowed name with the smallest edit distance, if it is close enough to be a likely typo. */
export function closestName(name: string, allowed: readonly string[]): string | null {
  const lower = name.toLowerCase();
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of allowed) {
    const d = editDistance(lower, candidate.toLowerCase());
    // A third of the longer name may differ ("brand" for "brand_id"); a tie keeps the first (sorted).
    if (d <= Math.max(2, Math.ceil(Math.max(name.length, candidate.length) / 3)) && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance (insert, delete, substitute), one row at a time. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = row;
  }
  return previous[b.length]!;
}
