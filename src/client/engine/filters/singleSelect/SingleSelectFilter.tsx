import { useState } from 'react';
import Select from 'react-select';
import { useSnapshot } from 'valtio';
import type { SingleSelectFilter as Config } from '../../../../shared/config.gen.js';
import type { FilterState } from '../../../../shared/filters/index.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { screenActions } from '../../state/screenStore.js';
import { FilterField } from '../parts/FilterField.js';
import { useMenuHeight } from '../parts/menuHeight.js';
import { useOptionMenuList, type SelectOption } from '../parts/OptionMenuList.js';
import { namesOf, selectedOptions, toSelectOptions } from '../parts/selectionHelpers.js';
import { useFilterOptions } from '../parts/useFilterOptions.js';

/** One value from a static list or a suggestion source. */
export function SingleSelectFilter({ config }: { config: Config }) {
  const { store } = useEngine();
  const menuHeight = useMenuHeight();
  const snap = useSnapshot(store);
  const filters = snap.filters as FilterState;
  const [opened, setOpened] = useState(false);
  const remote = useFilterOptions(config.source, config.dependsOn, !config.options && opened);
  const items = config.options
    ? config.options.map((o) => ({ key: String(o.value), name: o.label }))
    : remote.options;
  const MenuList = useOptionMenuList(remote.loadMore);
  const id = `ss-filter-${config.field}`;
  const value = selectedOptions(filters, config.field, items)[0] ?? null;
  return (
    <FilterField label={config.label} htmlFor={id}>
      <Select<SelectOption, false>
        inputId={id}
        className="ss-select"
        classNamePrefix="ss-select"
        isClearable={config.default === undefined}
        placeholder={config.placeholder ?? 'Select…'}
        options={toSelectOptions(items)}
        value={value}
        isLoading={remote.loading}
        onMenuOpen={() => setOpened(true)}
        maxMenuHeight={menuHeight}
        components={{ MenuList }}
        noOptionsMessage={() => remote.error ?? 'No Data Available'}
        onInputChange={(text, meta) => {
          if (meta.action === 'input-change' && !config.options) remote.setSearch(text);
        }}
        onChange={(opt) => {
          const option = config.options?.find((o) => String(o.value) === String(opt?.value));
          const raw = option ? option.value : opt?.value;
          screenActions.setFilter(store, config.field, raw, opt ? namesOf([opt]) : undefined);
          // An option may clear siblings it contradicts (its config `clears`).
          for (const f of option?.clears ?? []) screenActions.setFilter(store, f, undefined);
        }}
      />
    </FilterField>
  );
}
