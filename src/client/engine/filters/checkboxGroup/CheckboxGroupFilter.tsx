import { useSnapshot } from 'valtio';
import type { CheckboxGroupFilter as Config } from '../../../../shared/config.gen.js';
import type { FilterState } from '../../../../shared/filters/index.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { screenActions } from '../../state/screenStore.js';
import { CollapsibleOptions } from '../parts/CollapsibleOptions.js';
import { FilterField } from '../parts/FilterField.js';
import { selectedKeys } from '../parts/selectionHelpers.js';
import { useFilterOptions } from '../parts/useFilterOptions.js';

/** Several choices shown as checkboxes, from the config or a suggestion source. */
export function CheckboxGroupFilter({ config }: { config: Config }) {
  const { store } = useEngine();
  const snap = useSnapshot(store);
  const filters = snap.filters as FilterState;
  const remote = useFilterOptions(config.source, config.dependsOn, !config.options);
  const items = config.options
    ? config.options.map((o) => ({ key: o.value as string | number, name: o.label }))
    : remote.options;
  const chosen = selectedKeys(filters, config.field).map(String);
  const toggle = (key: string | number, name: string, on: boolean) => {
    const keys = selectedKeys(filters, config.field).filter((k) => String(k) !== String(key));
    const next = on ? [...keys, key] : keys;
    const names = { ...(filters.selected_filters?.[config.field] ?? {}) };
    if (on) names[String(key)] = name;
    else delete names[String(key)];
    screenActions.setFilter(store, config.field, next, names);
  };
  return (
    <FilterField label={config.label}>
      {remote.error && <span className="ss-field-error">{remote.error}</span>}
      <CollapsibleOptions
        isChosen={(key) => chosen.includes(key)}
        items={items.map((o) => ({
          key: String(o.key),
          node: (
            <label className="ss-check">
              <input
                type="checkbox"
                checked={chosen.includes(String(o.key))}
                onChange={(e) => toggle(o.key, o.name, e.target.checked)}
              />
              {o.name}
            </label>
          ),
        }))}
      />
    </FilterField>
  );
}
