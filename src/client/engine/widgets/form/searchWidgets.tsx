import { useCallback, useEffect, useRef, useState } from 'react';
import AsyncCreatableSelect from 'react-select/async-creatable';
import type { GroupBase } from 'react-select';
import type { WidgetProps } from '@rjsf/utils';
import { errorMessage } from '../../../api/http.js';
import type { Envelope } from '../../../../shared/envelope.js';
import { useEngine } from '../../runtime/EngineContext.js';

/**
 * Form widgets that ask the server while a form is filled in (docs/jobs.md, report mailers):
 * `tagSearch`, a tag input over a list of strings whose suggestions come from
 * `ui:options.source` (`{ id, name }` items, as search_user_tags answers; a typed value that is
 * not suggested can still be added), and `cronPreview`, a cron input that shows the timing in
 * words and the next send times from `ui:options.source`, re-asked as the expression or the
 * sibling zone field (`ui:options.zoneField`) changes. Both ask through the engine's data source,
 * like every widget, so a story or a test answers them without a server.
 */

/** The spec's search debounce (§ page sizes: "search debounce 200 ms"). */
const DEBOUNCE_MS = 200;

interface Tag {
  value: string;
  label: string;
}

/** A suggestion as the sources answer: users `{ id, name }`; group tags add `value` and `label`. */
interface Suggestion {
  name: string;
  value?: string;
  label?: string;
}

const asTag = (s: Suggestion): Tag => ({ value: s.value ?? s.name, label: s.label ?? s.name });

function TagSearchWidget(props: WidgetProps) {
  const source = String(props.options.source ?? '');
  // Optional second source of group tags (search_group_tags style): a tag stands for a group.
  const groupSource = props.options.groupSource ? String(props.options.groupSource) : '';
  const chosen = Array.isArray(props.value) ? (props.value as string[]) : [];
  const [labels, setLabels] = useState<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { source: data } = useEngine();
  const ask = useCallback(
    (url: string, prefix: string, limit?: number) =>
      data
        .submit(url, 'GET', { prefix, ...(limit ? { limit } : {}) })
        .then((res) => ((res as Envelope<Suggestion[]>).data ?? []).map(asTag))
        .catch(() => [] as Tag[]),
    [data],
  );
  // A stored group tag is `group:<id>`: its readable label ('Group: Demo Brands (12)') comes from the source.
  useEffect(() => {
    if (!groupSource) return;
    let live = true;
    void ask(groupSource, '', 100).then(
      (tags) =>
        live &&
        setLabels((prev) => ({ ...Object.fromEntries(tags.map((t) => [t.value, t.label])), ...prev })),
    );
    return () => {
      live = false;
    };
  }, [groupSource, ask]);
  const load = (prefix: string) =>
    new Promise<GroupBase<Tag>[]>((resolve) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void Promise.all([groupSource ? ask(groupSource, prefix) : [], ask(source, prefix)]).then(
          ([groups, users]) =>
            resolve(
              [
                { label: 'Groups', options: groups },
                { label: 'Users', options: users },
              ].filter((g) => g.options.length),
            ),
        );
      }, DEBOUNCE_MS);
    });
  return (
    <AsyncCreatableSelect<Tag, true, GroupBase<Tag>>
      inputId={props.id}
      aria-label={props.label}
      className="ss-select"
      classNamePrefix="ss-select"
      isMulti
      cacheOptions
      defaultOptions
      isDisabled={props.disabled || props.readonly}
      loadOptions={load}
      value={chosen.map((v) => ({ value: v, label: labels[v] ?? v }))}
      placeholder={
        groupSource ? 'Search groups, users or type an e-mail…' : 'Search users or type an e-mail…'
      }
      formatCreateLabel={(input) => `Add "${input}"`}
      onChange={(next) => {
        setLabels((prev) => ({ ...prev, ...Object.fromEntries(next.map((t) => [t.value, t.label])) }));
        props.onChange(next.map((t) => t.value.trim().toLowerCase()));
      }}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

interface Timing {
  timing: string;
  next: string[];
}

/** The timing in words and the next send times of `cron` in `zone`, asked from `source` as they change. */
export function TimingPreview({ source, cron, zone }: { source: string; cron: string; zone: string }) {
  const [preview, setPreview] = useState<{ ok: Timing } | { problem: string } | null>(null);
  const { source: data } = useEngine();

  useEffect(() => {
    if (!cron.trim() || !zone.trim()) return setPreview(null);
    let live = true;
    const t = setTimeout(() => {
      data
        .submit(source, 'GET', { cron, timeZone: zone })
        .then((res) => {
          if (!live) return;
          const answer = res as Envelope<Timing>;
          setPreview(answer.statusCode === 1 && answer.data ? { ok: answer.data } : { problem: answer.msg });
        })
        .catch((e: unknown) => live && setPreview({ problem: errorMessage(e) }));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [cron, zone, source, data]);

  return (
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
  );
}

/** The sibling time-zone field's value (`ui:options.zoneField`), from the form's data. */
export function zoneOf(props: WidgetProps): string {
  const zoneField = String(props.options.zoneField ?? 'timeZone');
  const formData = (props.registry.formContext as { formData?: Record<string, unknown> } | undefined)
    ?.formData;
  const zone = formData?.[zoneField];
  return typeof zone === 'string' ? zone : '';
}

function CronPreviewWidget(props: WidgetProps) {
  const source = String(props.options.source ?? '');
  const cron = typeof props.value === 'string' ? props.value : '';
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
      <TimingPreview source={source} cron={cron} zone={zoneOf(props)} />
    </div>
  );
}

export const SEARCH_WIDGETS = { tagSearch: TagSearchWidget, cronPreview: CronPreviewWidget };
