import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { lookupContextOf, useLookup } from './lookupContext.js';

/**
 * Several choices from a lookup as a checklist with a filter box (uiSchema `ui:widget:
 * lookupChecklist`): the role form's activities, pre-checked with the role's own on edit.
 */
export function LookupChecklist(props: WidgetProps) {
  const { id, onChange, disabled, readonly, options, registry } = props;
  const value: unknown = props.value;
  const { options: choices, loading } = useLookup(lookupContextOf(registry), options.lookup as string);
  const [filter, setFilter] = useState('');
  const picked = new Set<number>(Array.isArray(value) ? (value as number[]) : []);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? choices.filter((o) => o.label.toLowerCase().includes(needle)) : choices;
  const toggle = (v: number) => {
    const next = new Set(picked);
    if (next.has(v)) next.delete(v);
    else next.add(v);
    onChange(choices.map((o) => o.value).filter((x) => next.has(x)));
  };
  return (
    <div className="ss-checklist" id={id}>
      <div className="ss-checklist__bar">
        <input
          type="search"
          className="form-control"
          placeholder={typeof options.filterLabel === 'string' ? options.filterLabel : 'Search'}
          aria-label={typeof options.filterLabel === 'string' ? options.filterLabel : 'Search'}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <span className="ss-checklist__count">
          {picked.size} of {choices.length} selected
        </span>
      </div>
      <div className="ss-checklist__items" role="group" aria-label="Activities">
        {loading && <span>Loading…</span>}
        {shown.map((o) => (
          <label key={o.value} className="ss-checklist__item">
            <input
              type="checkbox"
              checked={picked.has(o.value)}
              disabled={disabled || readonly}
              onChange={() => toggle(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </div>
  );
}
