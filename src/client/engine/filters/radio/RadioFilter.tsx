import { useSnapshot } from 'valtio';
import type { RadioFilter as Config } from '../../../../shared/config.gen.js';
import type { FilterState } from '../../../../shared/filters/index.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { screenActions } from '../../state/screenStore.js';
import { CollapsibleOptions } from '../parts/CollapsibleOptions.js';
import { FilterField } from '../parts/FilterField.js';

/** One choice of a few; an option may clear fields it contradicts (its config `clears`). */
export function RadioFilter({ config }: { config: Config }) {
  const { store } = useEngine();
  const snap = useSnapshot(store);
  const current = (snap.filters as FilterState)[config.field];
  const name = `ss-radio-${config.field}`;
  return (
    <FilterField label={config.label}>
      <CollapsibleOptions
        isChosen={(key) => String(current) === key}
        items={config.options.map((o) => ({
          key: String(o.value),
          node: (
            <label className="ss-check">
              <input
                type="radio"
                name={name}
                checked={String(current) === String(o.value)}
                onChange={() => {
                  screenActions.setFilter(store, config.field, o.value, { [String(o.value)]: o.label });
                  for (const f of o.clears ?? []) screenActions.setFilter(store, f, undefined);
                }}
              />
              {o.label}
            </label>
          ),
        }))}
      />
    </FilterField>
  );
}
