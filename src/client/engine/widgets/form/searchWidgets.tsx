import { useEffect, useRef, useState } from 'react';
import AsyncCreatableSelect from 'react-select/async-creatable';
import type { WidgetProps } from '@rjsf/utils';
import { errorMessage, http } from '../../../api/http.js';

/**
 * Form widgets that ask the server while a form is filled in (docs/jobs.md, report mailers):
 * `tagSearch`, a tag input over a list of strings whose suggestions come from
 * `ui:options.source` (`{ id, name }` items, as search_user_tags answers; a typed value that is
 * not suggested can still be added), and `cronPreview`, a cron input that shows the timing in
 * words and the next send times from `ui:options.source`, re-asked as the expression or the
 * sibling zone field (`ui:options.zoneField`) changes.
 */

/** The spec's search debounce (§ page sizes: "search debounce 200 ms"). */
const DEBOUNCE_MS = 200;

interface Tag {
  value: string;
  label: string;
}

function TagSearchWidget(props: WidgetProps) {
  const source = String(props.options.source ?? '');
  const chosen = Array.isArray(props.value) ? (props.value as string[]) : [];
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const load = (prefix: string) =>
    new Promise<Tag[]>((resolve) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        http
          .get<{ data: { id: number; name: string }[] }>(source, { params: { prefix } })
          .then((res) => resolve(res.data.data.map((u) => ({ value: u.name, label: u.name }))))
          .catch(() => resolve([]));
      }, DEBOUNCE_MS);
    });
  return (
    <AsyncCreatableSelect<Tag, true>
      inputId={props.id}
      aria-label={props.label}
      className="ss-select"
      classNamePrefix="ss-select"
      isMulti
      cacheOptions
      defaultOptions
      isDisabled={props.disabled || props.readonly}
      loadOptions={load}
      value={chosen.map((v) => ({ value: v, label: v }))}
      placeholder="Search users or type an e-mail…"
      formatCreateLabel={(input) => `Add "${input}"`}
      onChange={(next) => props.onChange(next.map((t) => t.value.trim().toLowerCase()))}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

interface Timing {
  timing: string;
  next: string[];
}

function CronPreviewWidget(props: WidgetProps) {
  const source = String(props.options.source ?? '');
  const zoneField = String(props.options.zoneField ?? 'timeZone');
  const formData = (props.registry.formContext as { formData?: Record<string, unknown> } | undefined)
    ?.formData;
  const zone = typeof formData?.[zoneField] === 'string' ? formData[zoneField] : '';
  const cron = typeof props.value === 'string' ? props.value : '';
  const [preview, setPreview] = useState<{ ok: Timing } | { problem: string } | null>(null);

  useEffect(() => {
    if (!cron.trim() || !zone.trim()) return setPreview(null);
    let live = true;
    const t = setTimeout(() => {
      http
        .get<{ data: Timing }>(source, { params: { cron, timeZone: zone } })
        .then((res) => live && setPreview({ ok: res.data.data }))
        .catch((e: unknown) => live && setPreview({ problem: errorMessage(e) }));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [cron, zone, source]);

  return (
    <div className="ss-cron-preview">
      <input
        id={props.id}
        className="form-control"
        type="text"
        value={cron}
        required={props.required}
        disabled={props.disabled || props.readonly}
        onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={() => props.onBlur(props.id, props.value)}
      />
      <div role="status" aria-label="Next send times" className="ss-cron-preview__out">
        {preview && 'ok' in preview && (
          <>
            <p>{preview.ok.timing}</p>
            <ol>
              {preview.ok.next.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ol>
          </>
        )}
        {preview && 'problem' in preview && <p className="ss-cron-preview__bad">{preview.problem}</p>}
      </div>
    </div>
  );
}

export const SEARCH_WIDGETS = { tagSearch: TagSearchWidget, cronPreview: CronPreviewWidget };
