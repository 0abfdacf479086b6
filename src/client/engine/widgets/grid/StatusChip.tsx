import { vocabEntry } from '../../../../shared/vocab/index.js';

/** A status code of a vocabulary (docs/product-spec.md §4) as a coloured chip. */
export function StatusChip({ vocabulary, code }: { vocabulary: string; code: unknown }) {
  const entry = vocabEntry(vocabulary, code);
  return <span className={`ss-chip ss-chip--${entry.tone}`}>{entry.label}</span>;
}
