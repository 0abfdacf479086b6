import { useEffect, useState } from 'react';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { useEngine } from '../../runtime/EngineContext.js';

/** A filter the chosen report declares, as `ui:options.source` answers (report-mailers/report-filters). */
interface ReportFilter {
  field: string;
  label: string;
  options?: { value: string; label: string }[];
}

type Filters = Record<string, string>;

/** The chosen report's declared filters, asked again whenever the report changes. */
function useReportFilters(endpoint: string, reportType: string) {
  const { source } = useEngine();
  const [state, setState] = useState<{ filters: ReportFilter[]; problem: string | null }>({
    filters: [],
    problem: null,
  });
  useEffect(() => {
    if (!endpoint || !reportType) return;
    let live = true;
    source
      .submit(endpoint, 'GET', { reportType })
      .then((res) => {
        if (!live) return;
        if (res.statusCode === 1) setState({ filters: res.data as ReportFilter[], problem: null });
        else setState({ filters: [], problem: res.msg });
      })
      .catch(
        (e: unknown) =>
          live && setState({ filters: [], problem: e instanceof Error ? e.message : String(e) }),
      );
    return () => {
      live = false;
    };
  }, [source, endpoint, reportType]);
  return state;
}

/** A filter's value: its own values ticked (sent comma separated, as the grid sends them) or typed. */
function FilterValue(props: {
  filter: ReportFilter | undefined;
  name: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { filter, name, value, disabled, onChange } = props;
  const label = filter?.label ?? name;
  if (!filter?.options)
    return (
      <input
        className="form-control"
        aria-label={`${label} value`}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  const ticked = new Set(value.split(',').filter(Boolean));
  return (
    <span role="group" aria-label={`${label} values`} className="ss-report-filters__values">
      {filter.options.map((o) => (
        <label key={o.value}>
          <input
            type="checkbox"
            checked={ticked.has(o.value)}
            disabled={disabled}
            onChange={(e) => {
              const next = filter.options!.filter((x) =>
                x.value === o.value ? e.target.checked : ticked.has(x.value),
              );
              onChange(next.map((x) => x.value).join(','));
            }}
          />
          {o.label}
        </label>
      ))}
    </span>
  );
}

/**
 * `ui:field: reportFilters` (the report mailer's Filters): the filters the report picked in the
 * sibling field (`ui:options.reportField`, default reportType) declares, by their labels, each
 * with its own values where it lists them, instead of a free name and value. A chosen filter the
 * report does not declare (the report was changed) is named as such, to be removed.
 */
export function ReportFiltersField(props: FieldProps) {
  const { onChange, uiSchema, registry, disabled, readonly, fieldPathId, schema } = props;
  const o = getUiOptions(uiSchema);
  const reportField = String(o.reportField ?? 'reportType');
  const formData = (registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData;
  const reportType = typeof formData?.[reportField] === 'string' ? formData[reportField] : '';
  const { filters, problem } = useReportFilters(String(o.source ?? ''), reportType);
  const chosen = (props.formData && typeof props.formData === 'object' ? props.formData : {}) as Filters;
  const [pick, setPick] = useState('');
  const off = Boolean(disabled || readonly);
  const set = (next: Filters) => onChange(next, fieldPathId.path);
  const byField = new Map(filters.map((f) => [f.field, f]));
  const free = filters.filter((f) => !(f.field in chosen));
  const addLabel = typeof o.addText === 'string' ? o.addText : 'Add Filter';

  return (
    <div className="ss-report-filters" id={fieldPathId.$id}>
      <div className="ss-report-filters__title">{schema.title}</div>
      {problem && <p className="ss-report-filters__problem">{problem}</p>}
      <ul>
        {Object.entries(chosen).map(([name, value]) => {
          const filter = byField.get(name);
          return (
            <li key={name} className="ss-report-filters__row">
              <span className="ss-report-filters__name">{filter?.label ?? name}</span>
              {!filter && filters.length > 0 && (
                <span className="ss-report-filters__problem">Not a filter of this report</span>
              )}
              <FilterValue
                filter={filter}
                name={name}
                value={value}
                disabled={off}
                onChange={(v) => set({ ...chosen, [name]: v })}
              />
              <button
                type="button"
                className="btn btn-default"
                disabled={off}
                aria-label={`Remove ${filter?.label ?? name}`}
                onClick={() => set(Object.fromEntries(Object.entries(chosen).filter(([k]) => k !== name)))}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <div className="ss-report-filters__add">
        <select
          className="form-control"
          aria-label="Filter"
          value={pick}
          disabled={off || free.length === 0}
          onChange={(e) => setPick(e.target.value)}
        >
          <option value="">Select Filter</option>
          {free.map((f) => (
            <option key={f.field} value={f.field}>
              {f.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-default"
          disabled={off || !pick}
          onClick={() => {
            set({ ...chosen, [pick]: '' });
            setPick('');
          }}
        >
          {addLabel}
        </button>
      </div>
    </div>
  );
}
