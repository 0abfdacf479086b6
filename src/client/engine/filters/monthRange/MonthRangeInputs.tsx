import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { checkMonthRange, todayIso, type FilterState } from '../../../../shared/filters/index.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { screenActions } from '../../state/screenStore.js';

const month = (iso: string | undefined, fallback: string) =>
  iso && iso !== '-1' ? iso.slice(0, 7) : fallback;

/** Start and end month; an end before the start is refused with the spec's message. */
export function MonthRangeInputs() {
  const { store } = useEngine();
  const snap = useSnapshot(store);
  const filters = snap.filters as FilterState;
  const thisMonth = todayIso().slice(0, 7);
  const [start, setStart] = useState(month(filters.start_date, thisMonth));
  const [end, setEnd] = useState(month(filters.end_date, thisMonth));
  const [error, setError] = useState<string | null>(null);
  const apply = (s: string, e: string) => {
    setStart(s);
    setEnd(e);
    const problem = checkMonthRange(`${s}-01`, `${e}-01`);
    setError(problem);
    if (!problem) screenActions.setDatePreset(store, 'month_range', { start: `${s}-01`, end: `${e}-01` });
  };
  return (
    <span className="ss-datepicker__inputs">
      <input
        type="month"
        className="ss-input"
        aria-label="Start month"
        max={thisMonth}
        value={start}
        onChange={(e) => e.target.value && apply(e.target.value, end)}
      />
      <input
        type="month"
        className="ss-input"
        aria-label="End month"
        max={thisMonth}
        value={end}
        onChange={(e) => e.target.value && apply(start, e.target.value)}
      />
      {error && (
        <span className="ss-field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
