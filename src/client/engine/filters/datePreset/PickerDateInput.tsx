import { useState } from 'react';
import { formatPickerDate, parsePickerDate } from '../../../../shared/format/index.js';

/**
 * A date typed and shown as DD-MM-YYYY (docs/product-spec.md §9 "pickers DD-MM-YYYY"), whatever the
 * browser's locale would make of a native date input. It applies a date once it is complete and
 * real; a date after `max` (today) is refused, as pickers "cannot pick after today".
 */
export function PickerDateInput({
  label,
  value,
  min,
  max,
  readOnly,
  onChange,
}: {
  label: string;
  /** ISO date (YYYY-MM-DD) or undefined. */
  value: string | undefined;
  min?: string | undefined;
  max: string;
  /** Shown, not editable (a field the caller may not change). */
  readOnly?: boolean | undefined;
  onChange: (iso: string) => void;
}) {
  const [text, setText] = useState(formatPickerDate(value));
  const [error, setError] = useState<string | null>(null);
  const check = (raw: string) => {
    setText(raw);
    if (raw.length < 10) return setError(null);
    const iso = parsePickerDate(raw);
    if (!iso) return setError('Enter the date as DD-MM-YYYY');
    if (iso > max) return setError(`Pick a date up to ${formatPickerDate(max)}`);
    if (min && iso < min) return setError(`Pick a date from ${formatPickerDate(min)}`);
    setError(null);
    onChange(iso);
  };
  return (
    <span className="ss-datefield">
      <input
        type="text"
        className="ss-input ss-input--date"
        inputMode="numeric"
        placeholder="DD-MM-YYYY"
        maxLength={10}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        readOnly={readOnly}
        value={text}
        onChange={(e) => check(e.target.value)}
      />
      {error && (
        <span className="ss-field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
