import type { WidgetProps } from '@rjsf/utils';
import { lookupContextOf, lookupParent, useLookup } from './lookupContext.js';

/**
 * A single choice from one of the mutation's lookups (uiSchema `ui:widget: lookupSelect`,
 * `ui:options.lookup`): e.g. the role form's group; a lookup with a `parent` lists once the parent
 * field has a value (the manage-users form's roles of its group).
 */
export function LookupSelect(props: WidgetProps) {
  const { id, onChange, onBlur, disabled, readonly, options, registry } = props;
  const value = typeof props.value === 'number' ? props.value : undefined;
  const ctx = lookupContextOf(registry);
  const lookup = options.lookup as string;
  const { parent, needsParent } = lookupParent(ctx, lookup);
  const { options: choices, loading } = useLookup(ctx, lookup, parent, needsParent);
  // rjsf hands `ui:options.placeholder` of a string or number field to the widget as a prop.
  const placeholder =
    props.placeholder || (typeof options.placeholder === 'string' ? options.placeholder : 'Select');
  return (
    <select
      id={id}
      className="form-control"
      value={value ?? ''}
      disabled={disabled || readonly || loading}
      onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
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
