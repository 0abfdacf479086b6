import { useEffect } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useLookup } from './lookupContext.js';
import { useSourceLookup } from './sourceLookup.js';

/**
 * A single choice listed by an endpoint (uiSchema `ui:widget: sourceSelect`, `ui:options.source`:
 * an endpoint answering `{ value, label }` items), for a form that posts to an endpoint rather
 * than a mutation with lookups: e.g. the Microsoft sign-in mapping's group. With
 * `ui:options.parent` (a sibling field) it lists once that field has a value, sent as `parent`
 * (the chosen group's roles). `ui:options.emptyValue` is what no choice sends (e.g. null: the
 * inbox's "Nobody" owner); without it the field is left out.
 */
export function SourceSelect(props: WidgetProps) {
  const { id, onChange, onBlur, disabled, readonly, options, registry } = props;
  const endpoint = String(options.source ?? '');
  const parentField = typeof options.parent === 'string' ? options.parent : undefined;
  const formData = (registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData;
  const parentValue = parentField ? formData?.[parentField] : undefined;
  const parent = typeof parentValue === 'number' ? parentValue : undefined;
  const ctx = useSourceLookup(endpoint);
  const { options: choices, loading } = useLookup(ctx, endpoint, parent, parentField !== undefined);
  const value = typeof props.value === 'number' ? props.value : undefined;
  const waitsForParent = parentField !== undefined && parent === undefined;
  // A choice the list no longer holds (another group chosen, or none): dropped from the form too.
  const stale = !loading && value !== undefined && !choices.some((c) => c.value === value);
  useEffect(() => {
    if (stale) onChange(undefined);
  }, [stale, onChange]);
  const placeholder =
    props.placeholder || (typeof options.placeholder === 'string' ? options.placeholder : 'Select');
  return (
    <select
      id={id}
      className="form-control"
      value={loading || stale ? '' : (value ?? '')}
      disabled={disabled || readonly || loading || waitsForParent}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : Number(e.target.value))}
      onBlur={() => onBlur(id, value)}
    >
      <option value="">{loading ? 'Loading…' : placeholder}</option>
      {choices.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
