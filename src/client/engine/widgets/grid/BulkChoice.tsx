import { useEffect, useState } from 'react';
import type { BulkAction } from '../../../../shared/config.gen.js';
import { errorMessage, http } from '../../../api/http.js';

export interface Choice {
  id: number | string;
  name: string;
}

/** The value a bulk action sends with the ticked rows (`choose`), from its source's list. */
export function BulkChoice({
  choose,
  value,
  disabled,
  onChange,
}: {
  choose: NonNullable<BulkAction['choose']>;
  value: Choice | undefined;
  disabled: boolean;
  onChange: (choice: Choice | undefined) => void;
}) {
  const [choices, setChoices] = useState<Choice[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    http
      .get<{ data: Choice[] }>(choose.source)
      .then((res) => live && setChoices(res.data.data))
      .catch((e: unknown) => live && setProblem(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [choose.source]);
  return (
    <>
      <select
        className="ss-select"
        aria-label={choose.label}
        value={value === undefined ? '' : String(value.id)}
        disabled={disabled}
        onChange={(e) => onChange(choices.find((c) => String(c.id) === e.target.value))}
      >
        <option value="">{`Select ${choose.label}`}</option>
        {choices.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </select>
      {problem && <span className="ss-error">{problem}</span>}
    </>
  );
}
