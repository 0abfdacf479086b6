import { useState } from 'react';
import Select from 'react-select';
import { useSnapshot } from 'valtio';
import type { MultiSelectFilter as Config, TypeaheadFilter } from '../../../../shared/config.gen.js';
import { checkSelectionCount, type FilterState, type OptionKey } from '../../../../shared/filters/index.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { screenActions } from '../../state/screenStore.js';
import { FilterField } from '../parts/FilterField.js';
import { useMenuHeight } from '../parts/menuHeight.js';
import { useOptionMenuList } from '../parts/OptionMenuList.js';
import { namesOf, selectedOptions, toSelectOptions } from '../parts/selectionHelpers.js';
import { useFilterOptions } from '../parts/useFilterOptions.js';

/**
 * Multi-select fed by a suggestion source (react-select), with min/max selection rules. As a
 * typeahead it asks for options only once something is typed (large lists: keywords, products).
 */
export function MultiSelectFilter({ config }: { config: Config | TypeaheadFilter }) {
  const { store } = useEngine();
  const menuHeight = useMenuHeight();
  const snap = useSnapshot(store);
  const filters = snap.filters as FilterState;
  // Options load when the menu first opens: a screen with many filters makes no calls up front.
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const typeahead = config.kind === 'typeahead';
  const waiting = typeahead && typed.trim() === '';
  const opts = useFilterOptions(config.source, config.dependsOn, typeahead || opened, typeahead);
  const MenuList = useOptionMenuList(opts.loadMore);
  const id = `ss-filter-${config.field}`;
  const minSelect = 'minSelect' in config ? config.minSelect : undefined;

  return (
    <FilterField label={config.label} htmlFor={id}>
      <Select
        inputId={id}
        isMulti
        className="ss-select"
        classNamePrefix="ss-select"
        placeholder={config.placeholder ?? 'Select…'}
        options={waiting ? [] : toSelectOptions(opts.options)}
        value={selectedOptions(filters, config.field, opts.options)}
        isLoading={opts.loading}
        noOptionsMessage={() => (waiting ? 'Type to search' : (opts.error ?? 'No Data Available'))}
        onInputChange={(text, meta) => {
          if (meta.action !== 'input-change') return;
          setTyped(text);
          opts.setSearch(text);
        }}
        onMenuOpen={() => setOpened(true)}
        filterOption={null}
        closeMenuOnSelect={false}
        maxMenuHeight={menuHeight}
        components={{ MenuList }}
        onChange={(next) => {
          const problem = checkSelectionCount(next, { maxSelect: config.maxSelect, minSelect });
          // The spec words some limits itself (products: 'You can select a maximum of 20 products at a time.').
          const message =
            problem && config.maxSelect !== undefined && next.length > config.maxSelect
              ? (config.maxSelectMessage ?? problem)
              : problem;
          if (message) return screenActions.notify(store, message);
          screenActions.setFilter(
            store,
            config.field,
            next.map((o) => o.value),
            namesOf(next),
          );
          // A declared link (config `linked`) remembers the ids each chosen value stands for.
          const link = 'linked' in config ? config.linked?.map : undefined;
          if (link) {
            const known = { ...((filters[link] as Record<string, OptionKey[]> | undefined) ?? {}) };
            const map: Record<string, OptionKey[]> = {};
            for (const o of next) {
              const ids =
                opts.options.find((x) => String(x.key) === String(o.value))?.ids ?? known[String(o.value)];
              if (ids) map[String(o.value)] = ids;
            }
            screenActions.setLinked(store, link, map);
          }
        }}
      />
    </FilterField>
  );
}
