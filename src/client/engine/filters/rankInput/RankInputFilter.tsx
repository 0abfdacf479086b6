import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { RankInputFilter as Config } from '../../../../shared/config.gen.js';
import { parseRank, type FilterState } from '../../../../shared/filters/index.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { screenActions } from '../../state/screenStore.js';
import { FilterField } from '../parts/FilterField.js';

/** A rank threshold: numeric, at least 1 (docs/product-spec.md §5); presets as quick picks. */
export function RankInputFilter({ config }: { config: Config }) {
  const { store } = useEngine();
  const snap = useSnapshot(store);
  const current = (snap.filters as FilterState)[config.field];
  const [text, setText] = useState(current === undefined ? '' : String(current as number));
  const [error, setError] = useState<string | null>(null);
  const id = `ss-filter-${config.field}`;
  const commit = (raw: string) => {
    if (raw.trim() === '') {
      setError(null);
      return screenActions.setFilter(store, config.field, undefined);
    }
    const parsed = parseRank(raw);
    if ('error' in parsed) return setError(parsed.error);
    const value = config.max ? Math.min(parsed.value, config.max) : parsed.value;
    setError(null);
    setText(String(value));
    screenActions.setFilter(store, config.field, value, { [String(value)]: `${config.label} ${value}` });
  };
  return (
    <FilterField label={config.label} htmlFor={id}>
      <div className="ss-rank">
        <input
          id={id}
          className="ss-input"
          inputMode="numeric"
          type="number"
          min={1}
          max={config.max}
          value={text}
          aria-invalid={Boolean(error)}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => commit(text)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit(text);
          }}
        />
        {config.presets?.map((p) => (
          <button key={p} type="button" className="ss-chip-btn" onClick={() => commit(String(p))}>
            {p}
          </button>
        ))}
      </div>
      {error && <span className="ss-field-error">{error}</span>}
    </FilterField>
  );
}
