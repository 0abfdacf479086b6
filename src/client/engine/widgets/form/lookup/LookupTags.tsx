import Select from 'react-select';
import type { WidgetProps } from '@rjsf/utils';
import { lookupContextOf, lookupParent, useLookup, type LookupOption } from './lookupContext.js';
import { useSourceLookup } from './sourceLookup.js';

/**
 * Several choices from a lookup as a tag input with autocomplete (uiSchema `ui:widget:
 * lookupTags`): only listed choices can be picked — the manage-users form's user names, the group
 * forms' channels. `ui:options.lookup` names the mutation's lookup; an endpoint form names
 * `ui:options.source` instead (an endpoint answering `{ value, label }` items).
 */
export function LookupTags(props: WidgetProps) {
  const { id, label, onChange, onBlur, disabled, readonly, options, registry } = props;
  const endpoint = typeof options.source === 'string' ? options.source : undefined;
  const sourceCtx = useSourceLookup(endpoint ?? '');
  const ctx = endpoint ? sourceCtx : lookupContextOf(registry);
  const lookup = endpoint ?? (options.lookup as string);
  const { parent, needsParent } = lookupParent(ctx, lookup);
  const { options: choices, loading } = useLookup(ctx, lookup, parent, needsParent);
  const chosen = Array.isArray(props.value) ? (props.value as number[]) : [];
  return (
    <Select<LookupOption, true>
      inputId={id}
      aria-label={label}
      className="ss-select"
      classNamePrefix="ss-select"
      isMulti
      isLoading={loading}
      isDisabled={disabled || readonly}
      options={choices}
      value={choices.filter((c) => chosen.includes(c.value))}
      placeholder={
        props.placeholder ||
        (typeof options.placeholder === 'string' ? options.placeholder : 'Type to search…')
      }
      noOptionsMessage={() => (needsParent && parent === undefined ? 'Select the group first' : 'No match')}
      onChange={(next) => onChange(next.map((c) => c.value))}
      onBlur={() => onBlur(id, props.value)}
    />
  );
}
