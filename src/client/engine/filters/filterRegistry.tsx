import type { ComponentType } from 'react';
import type {
  DatePresetFilter,
  FilterKind,
  FilterNode,
  MonthRangeFilter,
} from '../../../shared/config.gen.js';
import { CheckboxGroupFilter } from './checkboxGroup/CheckboxGroupFilter.js';
import { DatePresetPicker } from './datePreset/DatePresetPicker.js';
import { FilterField } from './parts/FilterField.js';
import { MonthRangeInputs } from './monthRange/MonthRangeInputs.js';
import { MultiSelectFilter } from './multiSelect/MultiSelectFilter.js';
import { RadioFilter } from './radio/RadioFilter.js';
import { RankInputFilter } from './rankInput/RankInputFilter.js';
import { SingleSelectFilter } from './singleSelect/SingleSelectFilter.js';
import { ToggleFilter } from './toggle/ToggleFilter.js';

type FilterOf<K extends FilterKind> = Extract<FilterNode, { kind: K }>;
export type FilterRegistry = { [K in FilterKind]: ComponentType<{ config: FilterOf<K> }> };

function DatePresetField({ config }: { config: DatePresetFilter }) {
  return (
    <FilterField label={config.label ?? 'Date'} wide>
      <DatePresetPicker presets={config.presets} label={config.label} />
    </FilterField>
  );
}

function MonthRangeField({ config }: { config: MonthRangeFilter }) {
  return (
    <FilterField label={config.label} wide>
      <MonthRangeInputs />
    </FilterField>
  );
}

/** Filter kinds to components: a plain object keyed by kind, like the widget registry. */
export const filterRegistry: Readonly<FilterRegistry> = Object.freeze({
  multiSelect: MultiSelectFilter,
  typeahead: MultiSelectFilter,
  singleSelect: SingleSelectFilter,
  radio: RadioFilter,
  checkboxGroup: CheckboxGroupFilter,
  datePreset: DatePresetField,
  monthRange: MonthRangeField,
  rankInput: RankInputFilter,
  toggle: ToggleFilter,
});
