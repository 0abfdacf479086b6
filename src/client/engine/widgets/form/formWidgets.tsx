import dayjs from 'dayjs';
import Select from 'react-select';
import type { WidgetProps } from '@rjsf/utils';
import { PickerDateInput } from '../../filters/datePreset/PickerDateInput.js';

/**
 * Form widgets a config's uiSchema may name beyond rjsf's own (docs/write-half.md "Widgets"):
 * `pickerDate` (DD-MM-YYYY, `ui:options.minToday`: no day before today, as the spec's end-date
 * picker) and `searchSelect` (a searchable multi-select over a list of `oneOf` items, the spec's
 * channel dropdown).
 */
function PickerDateWidget(props: WidgetProps) {
  const today = dayjs().format('YYYY-MM-DD');
  const min = props.options.minToday ? today : undefined;
  return (
    <span id={props.id}>
      <PickerDateInput
        label={props.label}
        value={typeof props.value === 'string' ? props.value : undefined}
        min={min}
        max="9999-12-31"
        readOnly={props.disabled || props.readonly}
        onChange={(iso) => props.onChange(iso)}
      />
    </span>
  );
}

interface Choice {
  value: number | string;
  label: string;
}

function SearchSelectWidget(props: WidgetProps) {
  const items = (props.schema.items ?? {}) as { oneOf?: { const: number | string; title?: string }[] };
  const choices: Choice[] = (items.oneOf ?? []).map((o) => ({
    value: o.const,
    label: o.title ?? String(o.const),
  }));
  const chosen = Array.isArray(props.value) ? (props.value as (number | string)[]) : [];
  return (
    <Select<Choice, true>
      inputId={props.id}
      aria-label={props.label}
      className="ss-select"
      classNamePrefix="ss-select"
      isMulti
      isDisabled={props.disabled || props.readonly}
      options={choices}
      value={choices.filter((c) => chosen.includes(c.value))}
      placeholder="Search…"
      onChange={(next) => props.onChange(next.map((c) => c.value))}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

export const FORM_WIDGETS = { pickerDate: PickerDateWidget, searchSelect: SearchSelectWidget };
