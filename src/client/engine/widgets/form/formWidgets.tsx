import dayjs from 'dayjs';
import Select from 'react-select';
import type { WidgetProps } from '@rjsf/utils';
import { PickerDateInput } from '../../filters/datePreset/PickerDateInput.js';

/**
 * Form widgets a config's uiSchema may name beyond rjsf's own (docs/write-half.md "Widgets"):
 * `pickerDate` (DD-MM-YYYY, `ui:options.minToday`: no day before today, as the spec's end-date
 * picker) and `searchSelect` (a searchable multi-select over a list of `oneOf` items, the spec's
 * channel dropdown) and `timeZone` (a searchable list of the IANA zones).
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

/** ICU (Chromium) still lists some zones by their old names: the IANA names people look for. */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
};

/** Every IANA zone the browser knows (UTC first): a picker, not free text that may name no zone. */
const TIME_ZONES = [
  'UTC',
  ...[...new Set(Intl.supportedValuesOf('timeZone').map((z) => CURRENT_NAMES[z] ?? z))]
    .filter((z) => z !== 'UTC')
    .sort(),
];

/** `timeZone`: a searchable single choice over the IANA zones (the report mailer's time zone). */
function TimeZoneWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  // A stored zone the list lacks still shows (and stays chosen).
  const zones = value && !TIME_ZONES.includes(value) ? [value, ...TIME_ZONES] : TIME_ZONES;
  const choices: Choice[] = zones.map((z) => ({ value: z, label: z }));
  return (
    <Select<Choice, false>
      inputId={props.id}
      aria-label={props.label}
      className="ss-select"
      classNamePrefix="ss-select"
      isDisabled={props.disabled || props.readonly}
      options={choices}
      value={choices.find((c) => c.value === value) ?? null}
      placeholder="Search a time zone…"
      onChange={(next) => props.onChange(next?.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

export const FORM_WIDGETS = {
  pickerDate: PickerDateWidget,
  searchSelect: SearchSelectWidget,
  timeZone: TimeZoneWidget,
};
