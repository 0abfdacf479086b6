import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { LookupFormContext, LookupOption } from './lookup/lookupContext.js';
import type { FormWidget as FormConfig } from '../../../../shared/config.gen.js';
import { mutationBodySchema } from '../../../../shared/mutations/mutationBodySchema.js';
import { errorMessage } from '../../../api/http.js';
import { screenActions } from '../../state/screenStore.js';
import { useEngine } from '../../runtime/EngineContext.js';
import { WidgetFrame } from '../frame/WidgetFrame.js';
import { invalidBanner } from './invalidBanner.js';
import { findMutation, mutationEndpoint, verifyEndpoint } from './mutationCalls.js';

const RjsfForm = lazy(() => import('./RjsfForm.js'));

type Result = { ok: boolean; message: string } | null;
type Row = Record<string, unknown>;

interface Props {
  config: FormConfig;
  /** Rendered by its overlay (a form an overlay holds is not shown on the page itself). */
  inOverlay?: boolean;
  /** The row an edit starts from (its id and updated_at travel with the write). */
  initial?: Row | undefined;
  /** After a successful write, with the message shown. */
  onDone?: (message: string) => void;
}

/**
 * A config form: bound to a screen mutation (schema, checks and messages from it, posted to the
 * generic write route, unique fields checked on blur), or posting its own schema to an endpoint.
 */
export function FormWidget({ config, inOverlay = false, initial, onDone }: Props) {
  const { screen, source, store } = useEngine();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  // A new round after a successful create: the form starts empty again (the spec: "form resets").
  const [round, setRound] = useState(0);
  const mutation = config.mutation ? findMutation(screen, config.mutation) : null;
  const formContext = useMemo<LookupFormContext | undefined>(
    () =>
      mutation?.lookups?.length
        ? {
            mutation,
            async lookup(id, parent) {
              const res = await source.submit(
                `lookup/${screen.area}/${screen.id}/${mutation.id}/${id}`,
                'GET',
                parent !== undefined ? { parent } : {},
              );
              if (res.statusCode !== 1) throw new Error(res.msg);
              return res.data as LookupOption[];
            },
          }
        : undefined,
    [mutation, source, screen.area, screen.id],
  );
  const schema = useMemo(
    () => (mutation ? mutationBodySchema(mutation) : (config.schema ?? {})),
    [mutation, config.schema],
  );
  const loaded = useInitialValues(config.initialValues?.endpoint, initial === undefined);
  const failure = config.failureMessage ?? mutation?.failureMessage ?? 'Something went wrong. Try again.';
  const heldByOverlay = screen.widgets.some((w) => w.kind === 'overlay' && w.form === config.id);
  if (heldByOverlay && !inOverlay) return null;

  const endpoint = mutation ? mutationEndpoint(screen, mutation.id) : (config.submit?.endpoint ?? '');
  const submit = async (data: unknown) => {
    setBusy(true);
    try {
      const res = await source.submit(endpoint, config.submit?.method ?? 'POST', data);
      const ok = res.statusCode === 1;
      const message = ok ? (config.successMessage ?? res.msg) : res.msg || failure;
      setResult({ ok, message });
      // Any write (a mutation or an endpoint's): the screen's queries and store grids read again.
      if (ok) screenActions.dataChanged(store);
      if (ok && mutation?.operation === 'create') setRound((n) => n + 1);
      if (ok) onDone?.(message);
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err, failure) });
    } finally {
      setBusy(false);
    }
  };
  const uniqueFields = (mutation?.checks ?? []).filter((c) => c.kind === 'unique').map((c) => c.field);
  const verify = async (field: string, value: unknown, id: unknown): Promise<string | null> => {
    if (!mutation || !uniqueFields.includes(field) || typeof value !== 'string' || !value.trim()) return null;
    const res = await source.submit(verifyEndpoint(screen, mutation.id), 'POST', {
      field,
      value,
      ...(id ? { id } : {}),
    });
    return res.statusCode === 1 ? null : res.msg;
  };

  const loading = <div className="ss-state ss-state--loading">Loading form…</div>;
  return (
    <WidgetFrame title={inOverlay ? undefined : config.title} kind="form" status="ready">
      <Suspense fallback={loading}>
        {loaded === 'loading' ? (
          loading
        ) : (
          <RjsfForm
            key={round}
            formContext={formContext}
            schema={schema}
            uiSchema={config.uiSchema}
            errorMessages={config.errorMessages}
            mutation={mutation}
            initial={initial ?? loaded}
            submitLabel={config.submitLabel}
            disabled={busy}
            onBlurVerify={uniqueFields.length ? verify : undefined}
            onSubmit={(data) => void submit(data)}
            onInvalid={(kinds) => {
              const message = invalidBanner(config.invalidMessages, kinds);
              setResult(message ? { ok: false, message } : null);
            }}
          />
        )}
      </Suspense>
      {result && (
        <div className={`ss-banner ${result.ok ? 'ss-banner--ok' : 'ss-banner--error'}`} role="status">
          {result.message}
        </div>
      )}
    </WidgetFrame>
  );
}

/**
 * The values a form opens with when its config names an `initialValues` endpoint (e.g. the group's
 * current view settings): 'loading' until the read answers, then its object, or undefined (the
 * schema defaults) when there is no endpoint or the read failed.
 */
function useInitialValues(endpoint: string | undefined, wanted: boolean): Row | undefined | 'loading' {
  const { source } = useEngine();
  const [values, setValues] = useState<Row | undefined | 'loading'>(
    endpoint && wanted ? 'loading' : undefined,
  );
  useEffect(() => {
    if (!endpoint || !wanted) return;
    let live = true;
    const settle = (row: Row | undefined) => live && setValues(row);
    source.submit(endpoint, 'GET', {}).then(
      (res) =>
        settle(
          res.statusCode === 1 && res.data && typeof res.data === 'object' ? (res.data as Row) : undefined,
        ),
      () => settle(undefined),
    );
    return () => {
      live = false;
    };
  }, [endpoint, wanted, source]);
  return values;
}
