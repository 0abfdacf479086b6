import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import {
  compileTiming,
  parseTiming,
  timingProblem,
  type Timing,
  type TimingMode,
} from '../../../../shared/mailers/cronBuilder.js';
import { TimingPreview, zoneOf } from './searchWidgets.js';

/**
 * `timingBuilder`: a cron field built from Daily / Weekly / Monthly at HH:mm or typed as a custom
 * cron expression (docs/jobs.md, report mailers). The field's value stays the cron expression the
 * server stores and checks; a stored one of the builder's shapes opens in its mode. While the
 * builder is incomplete the value is empty (the form then refuses to save) and the problem shows.
 * Under it, the timing in words and the next sends from `ui:options.source` in the zone of
 * `ui:options.zoneField`.
 */

const MODES: { value: TimingMode; label: string }[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'custom', label: 'Custom cron' },
];
// Monday first, as the week reads in the product's markets; cron numbers Sunday 0.
const WEEKDAYS = [
  [1, 'Mon'],
  [2, 'Tue'],
  [3, 'Wed'],
  [4, 'Thu'],
  [5, 'Fri'],
  [6, 'Sat'],
  [0, 'Sun'],
] as const;

function TimingBuilderWidget(props: WidgetProps) {
  const source = String(props.options.source ?? '');
  const [timing, setTiming] = useState<Timing>(() =>
    parseTiming(typeof props.value === 'string' ? props.value : undefined),
  );
  const problem = timingProblem(timing);
  const cron = problem ? '' : compileTiming(timing);
  const disabled = props.disabled || props.readonly;

  const change = (next: Partial<Timing>) => {
    const t = { ...timing, ...next };
    // Switching to Custom starts from the expression built so far.
    if (next.mode === 'custom' && timing.mode !== 'custom' && !timingProblem(timing))
      t.cron = compileTiming(timing);
    setTiming(t);
    props.onChange(timingProblem(t) ? undefined : compileTiming(t));
  };
  const toggleDay = (day: number, on: boolean) =>
    change({ weekdays: on ? [...timing.weekdays, day] : timing.weekdays.filter((d) => d !== day) });

  return (
    <div className="ss-timing">
      <div className="ss-timing__row">
        <select
          id={props.id}
          aria-label="Repeat"
          className="form-control"
          value={timing.mode}
          disabled={disabled}
          onChange={(e) => change({ mode: e.target.value as TimingMode })}
        >
          {MODES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
        {timing.mode === 'monthly' && (
          <label className="ss-timing__inline">
            on day
            <input
              aria-label="Day of month"
              className="form-control"
              type="number"
              min={1}
              max={31}
              value={Number.isNaN(timing.dayOfMonth) ? '' : timing.dayOfMonth}
              disabled={disabled}
              onChange={(e) => change({ dayOfMonth: e.target.value === '' ? NaN : Number(e.target.value) })}
            />
          </label>
        )}
        {timing.mode !== 'custom' && (
          <label className="ss-timing__inline">
            at
            <input
              aria-label="Send time"
              className="form-control"
              type="time"
              value={timing.time}
              disabled={disabled}
              onChange={(e) => change({ time: e.target.value })}
            />
          </label>
        )}
      </div>
      {timing.mode === 'weekly' && (
        <fieldset className="ss-timing__days" aria-label="Weekdays">
          {WEEKDAYS.map(([day, name]) => (
            <label key={day}>
              <input
                type="checkbox"
                checked={timing.weekdays.includes(day)}
                disabled={disabled}
                onChange={(e) => toggleDay(day, e.target.checked)}
              />
              {name}
            </label>
          ))}
        </fieldset>
      )}
      {timing.mode === 'custom' && (
        <input
          id={`${props.id}_expression`}
          aria-label="Cron expression"
          className="form-control"
          type="text"
          placeholder="minute hour day month weekday"
          value={timing.cron}
          disabled={disabled}
          onChange={(e) => change({ cron: e.target.value })}
          onBlur={() => props.onBlur(props.id, props.value)}
        />
      )}
      {problem ? (
        <p role="alert" className="ss-cron-preview__bad">
          {problem}
        </p>
      ) : (
        timing.mode !== 'custom' && <p className="ss-timing__cron">Cron: {cron}</p>
      )}
      <TimingPreview source={source} cron={cron} zone={zoneOf(props)} />
    </div>
  );
}

export const TIMING_WIDGETS = { timingBuilder: TimingBuilderWidget };
