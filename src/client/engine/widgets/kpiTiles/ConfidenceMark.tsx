import {
  confidenceText,
  confidenceTone,
  coverageLabel,
  type Confidence,
} from '../../../../shared/insights/confidence.js';

/**
 * A tile's small confidence mark: the coverage of its days and filters as a coloured dot and a
 * percent; the words (pages loaded of expected, blocked and failed excluded, last load) on hover.
 */
export function ConfidenceMark({ confidence }: { confidence: Confidence }) {
  const text = confidenceText(confidence);
  return (
    <span
      className={`ss-kpi__confidence ss-kpi__confidence--${confidenceTone(confidence)}`}
      title={text}
      // The tile's own label reads these words to a screen reader (its definition carries them).
      aria-hidden
      data-testid="confidence-mark"
    >
      <span className="ss-kpi__confidence-dot" />
      {coverageLabel(confidence)}
    </span>
  );
}
