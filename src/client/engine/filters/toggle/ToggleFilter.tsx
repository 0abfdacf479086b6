import { useSnapshot } from 'valtio';
import type { ToggleFilter as Config } from '../../../../shared/config.gen.js';
import type { FilterState } from '../../../../shared/filters/index.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { screenActions } from '../../state/screenStore.js';

/** An on/off flag (a boolean field of the screen); off removes the field. */
export function ToggleFilter({ config }: { config: Config }) {
  const { store } = useEngine();
  const snap = useSnapshot(store);
  const onValue = config.value ?? true;
  const on = (snap.filters as FilterState)[config.field] === onValue;
  return (
    <div className="ss-filter ss-filter--toggle">
      <label className="ss-switch">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(e) =>
            screenActions.setFilter(
              store,
              config.field,
              e.target.checked ? onValue : undefined,
              e.target.checked ? { [String(onValue)]: config.label } : undefined,
            )
          }
        />
        <span className="ss-switch__track" aria-hidden />
        {config.label}
      </label>
    </div>
  );
}
