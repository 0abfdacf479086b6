import { useSnapshot } from 'valtio';
import type { CompareTo } from '../../../../shared/insights/previousPeriod.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { screenActions } from '../../state/screenStore.js';

const CHOICES: { value: CompareTo; label: string }[] = [
  { value: 'previous', label: 'Previous period' },
  { value: 'last_year', label: 'Same period last year' },
];

/**
 * What the screen's tiles, change columns and trend overlays compare with: the period of equal
 * length just before the picked dates, or the same dates last year (where history allows; the
 * tiles say when it does not).
 */
export function CompareChoice() {
  const { store } = useEngine();
  const snap = useSnapshot(store);
  return (
    <label className="ss-compare-choice">
      Compare with{' '}
      <select
        value={snap.compareTo}
        onChange={(e) => screenActions.setCompareTo(store, e.target.value as CompareTo)}
      >
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
