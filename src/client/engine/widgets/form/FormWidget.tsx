import { lazy, Suspense, useState } from 'react';
import type { FormWidget as FormConfig } from '../../../../shared/config.gen.js';
import { errorMessage } from '../../../api/http.js';
import { useEngine } from '../../EngineContext.js';
import { WidgetFrame } from '../frame/WidgetFrame.js';

const RjsfForm = lazy(() => import('./RjsfForm.js'));

type Result = { ok: boolean; message: string } | null;

/** A config form (JSON Schema + uiSchema) posting to its endpoint, with the config's messages. */
export function FormWidget({ config }: { config: FormConfig }) {
  const { source } = useEngine();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const failure = config.failureMessage ?? 'Something went wrong. Try again.';

  const submit = async (data: unknown) => {
    setBusy(true);
    try {
      const res = await source.submit(config.submit.endpoint, config.submit.method ?? 'POST', data);
      setResult(
        res.statusCode === 1
          ? { ok: true, message: config.successMessage ?? res.msg }
          : { ok: false, message: res.msg || failure },
      );
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err, failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <WidgetFrame title={config.title} kind="form" status="ready">
      <Suspense fallback={<div className="ss-state ss-state--loading">Loading form…</div>}>
        <RjsfForm
          schema={config.schema}
          uiSchema={config.uiSchema}
          submitLabel={config.submitLabel}
          disabled={busy}
          onSubmit={(data) => void submit(data)}
        />
      </Suspense>
      {result && (
        <div className={`ss-banner ${result.ok ? 'ss-banner--ok' : 'ss-banner--error'}`} role="status">
          {result.message}
        </div>
      )}
    </WidgetFrame>
  );
}
