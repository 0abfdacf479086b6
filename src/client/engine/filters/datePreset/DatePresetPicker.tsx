import { useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  DATE_PRESETS,
  isDatePreset,
  todayIso,
  type DatePresetId,
  type FilterState,
} from '../../../../shared/filters/index.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { screenActions } from '../../state/screenStore.js';
import { MonthRangeInputs } from '../monthRange/MonthRangeInputs.js';
import { PickerDateInput } from './PickerDateInput.js';

/** Presets that need dates from the user before they apply. */
const NEEDS_INPUT = new Set<DatePresetId>(['custom_range', 'month_range', 'single_alone']);

/** The date-preset picker of the submenu bar and of `datePreset` filters (docs/product-spec.md §4). */
export function DatePresetPicker({
  presets,
  label,
}: {
  presets: readonly DatePresetId[];
  label?: string | undefined;
}) {
  const { store } = useEngine();
  const snap = useSnapshot(store);
  const filters = snap.filters as FilterState;
  const current = isDatePreset(filters.date_preset) ? filters.date_preset : undefined;
  const [pending, setPending] = useState<DatePresetId | null>(null);
  const mode = pending ?? current;
  const today = todayIso();
  const choose = (preset: DatePresetId) => {
    if (NEEDS_INPUT.has(preset)) return setPending(preset);
    setPending(null);
    screenActions.setDatePreset(store, preset);
  };
  return (
    <div className="ss-datepicker">
      <label className="ss-datepicker__label">
        <span className="ss-visually-hidden">{label ?? 'Date range'}</span>
        <select
          className="ss-input"
          value={mode ?? ''}
          onChange={(e) => choose(e.target.value as DatePresetId)}
          aria-label={label ?? 'Date range'}
        >
          {!mode && <option value="">{filters.datepicker_title ?? 'Date'}</option>}
          {presets.map((p) => (
            <option key={p} value={p}>
              {DATE_PRESETS[p]}
            </option>
          ))}
        </select>
      </label>
      {(mode === 'custom_range' || mode === 'single_alone') && (
        <span className="ss-datepicker__inputs">
          <PickerDateInput
            label={mode === 'single_alone' ? 'Date' : 'Start date'}
            max={today}
            value={filters.start_date !== '-1' ? filters.start_date : today}
            onChange={(start) => {
              const end = mode === 'single_alone' ? start : (filters.end_date ?? today);
              screenActions.setDatePreset(store, mode, { start, end: end < start ? start : end });
            }}
          />
          {mode === 'custom_range' && (
            <PickerDateInput
              label="End date"
              max={today}
              min={filters.start_date}
              value={filters.end_date !== '-1' ? filters.end_date : today}
              onChange={(end) =>
                screenActions.setDatePreset(store, 'custom_range', { start: filters.start_date, end })
              }
            />
          )}
        </span>
      )}
      {mode === 'month_range' && <MonthRangeInputs />}
      {/* The preset's own name is already in the select; show only dates the user picked. */}
      {mode && NEEDS_INPUT.has(mode) && (
        <span className="ss-datepicker__title" aria-live="polite">
          {filters.datepicker_title}
        </span>
      )}
    </div>
  );
}
