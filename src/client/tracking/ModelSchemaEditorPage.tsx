import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../api/http.js';
import { checkModelSchema, MODEL_SCHEMA_MSG, sourceProblems } from '../../shared/crawl/modelSchemaRules.js';
import type { AxiosError } from 'axios';
import type { Envelope } from '../../shared/envelope.js';
import type { FieldProblem } from '../../shared/errors.js';
import { modelSchemaApi, type ProfileRow, type TestAnswer } from './modelSchemaApi.js';
import './modelSchemaEditor.css';

type Banner = { ok: boolean; text: string } | null;

const EMPTY_SCHEMA = `{
  "dataModel": [
    { "name": "selling_price", "type": "price", "source": ".price", "defaultValue": null }
  ]
}`;

/**
 * /workspace/tracking/modelSchema/add/ and /edit/{id}: a model schema's name, crawl type and JSON,
 * checked with the spec's messages before anything is sent (the server checks again), and a Test
 * that runs the unsaved schema on a channel's stored sample page and shows what it extracts.
 */
export default function ModelSchemaEditorPage() {
  const { id } = useParams();
  const editId = id ? Number(id) : null;
  const navigate = useNavigate();
  const [types, setTypes] = useState<{ id: number; name: string }[]>([]);
  const [profiles, setProfiles] = useState<ProfileRow[]>([]);
  const [name, setName] = useState('');
  const [crawlType, setCrawlType] = useState(0);
  const [responseType, setResponseType] = useState('HTML');
  const [text, setText] = useState(editId === null ? EMPTY_SCHEMA : '');
  const [channel, setChannel] = useState<number | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const [test, setTest] = useState<TestAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  /** Problems of the schema's sources, shown under the JSON field. */
  const [fieldProblems, setFieldProblems] = useState<FieldProblem[]>([]);

  useEffect(() => {
    modelSchemaApi.crawlTypes().then(
      (res) => setTypes(res.data ?? []),
      () => setBanner({ ok: false, text: MODEL_SCHEMA_MSG.crawlTypesFailed }),
    );
    void Promise.all([modelSchemaApi.profiles(), modelSchemaApi.schemas()]).then(([p, s]) => {
      const rows = p.data ?? [];
      setProfiles(rows);
      const schema = editId === null ? undefined : (s.data ?? []).find((r) => r.id === editId);
      if (schema) {
        setName(schema.name);
        setCrawlType(schema.crawl_type);
        setResponseType(schema.response_type);
        setText(schema.schema_json);
      }
      const fits = rows.find((r) => (schema ? r.model_schema_id === schema.id : true)) ?? rows[0];
      if (fits) setChannel(fits.channel_id);
    });
  }, [editId]);

  /**
   * The spec's checks first, then the sources against the response type they read (the schema's,
   * or for a Test the sample page's): a broken schema is answered here, at the field, without a call.
   */
  const checked = (reads: string): string | null => {
    setFieldProblems([]);
    const check = checkModelSchema(text);
    if (!check.ok) {
      setBanner({ ok: false, text: check.msg });
      return null;
    }
    const problems = sourceProblems(check.schema, reads);
    if (problems.length === 0) return text;
    setFieldProblems(problems);
    setBanner(null);
    return null;
  };

  /** A refusal whose problems name fields goes under the JSON field; anything else to the banner. */
  const refused = (err: unknown, fallback?: string) => {
    const problems = (err as AxiosError<Envelope<{ problems?: FieldProblem[] }>>).response?.data?.data
      ?.problems;
    if (problems?.some((p) => p.path.startsWith('dataModel') || p.path === 'items')) {
      setFieldProblems(problems);
      setBanner(null);
    } else setBanner({ ok: false, text: errorMessage(err, fallback) });
  };

  const runTest = async () => {
    setTest(null);
    const sample = profiles.find((p) => p.channel_id === channel);
    if (sample && sample.response_type !== responseType) {
      setFieldProblems([]);
      setBanner({
        ok: false,
        text: `This schema reads ${responseType} pages; the sample page of ${sample.channel_name} is ${sample.response_type}.`,
      });
      return;
    }
    const schema = checked(responseType);
    if (schema === null || channel === null) return;
    setBusy(true);
    try {
      const res = await modelSchemaApi.test(channel, schema, responseType);
      setTest(res.data ?? null);
      setBanner(null);
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const schema = checked(responseType);
    if (schema === null) return;
    setBusy(true);
    const draft = { name: name.trim(), crawl_type: crawlType, response_type: responseType, schema };
    try {
      const res =
        editId === null ? await modelSchemaApi.insert(draft) : await modelSchemaApi.update(editId, draft);
      setBanner({ ok: true, text: res.msg });
      if (editId === null && res.data) void navigate(`/workspace/tracking/modelSchema/edit/${res.data.id}`);
    } catch (err) {
      refused(err, editId === null ? MODEL_SCHEMA_MSG.insertFailed : MODEL_SCHEMA_MSG.updateFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ss-mse">
      <div className="ss-mse__head">
        <h1>{editId === null ? 'Add Model Schema' : 'Edit Model Schema'}</h1>
        <Link to="/workspace/tracking/modelSchemas">All model schemas</Link>
        {editId !== null && <Link to="/workspace/tracking/modelSchema/add/">Add a new one</Link>}
      </div>
      <div className="ss-mse__form">
        <label>
          Name
          <input value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Crawl Type
          <select value={crawlType} onChange={(e) => setCrawlType(Number(e.target.value))}>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Response Type
          <select
            value={responseType}
            disabled={editId !== null}
            onChange={(e) => setResponseType(e.target.value)}
          >
            <option value="HTML">HTML</option>
            <option value="JSON">JSON</option>
          </select>
        </label>
        <label className="ss-mse__json">
          Model Schema (JSON)
          <textarea
            value={text}
            spellCheck={false}
            rows={18}
            aria-invalid={fieldProblems.length > 0 ? true : undefined}
            aria-describedby={fieldProblems.length > 0 ? 'mse-sources' : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          {fieldProblems.length > 0 && (
            <ul id="mse-sources" className="ss-mse__problems" role="alert">
              {fieldProblems.map((p) => (
                <li key={p.path} className="ss-field-error">
                  {p.message}
                </li>
              ))}
            </ul>
          )}
        </label>
      </div>
      <div className="ss-mse__actions">
        <label>
          Test on the sample page of
          <select value={channel ?? ''} onChange={(e) => setChannel(Number(e.target.value))}>
            {profiles.map((p) => (
              <option key={p.channel_id} value={p.channel_id}>
                {p.channel_name} ({p.response_type})
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="ss-btn ss-btn--ghost" disabled={busy} onClick={() => void runTest()}>
          Test
        </button>
        <button type="button" className="ss-btn" disabled={busy || !name.trim()} onClick={() => void save()}>
          {editId === null ? 'Insert' : 'Update'}
        </button>
      </div>
      {banner && (
        <div className={`ss-banner ${banner.ok ? 'ss-banner--ok' : 'ss-banner--error'}`} role="status">
          {banner.text}
        </div>
      )}
      {test && (
        <section className="ss-mse__test" aria-label="Extracted fields">
          <h2>Extracted from {test.url}</h2>
          <table>
            <thead>
              <tr>
                <th>Field</th>
                <th>Value</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(test.fields).map(([field, value]) => (
                <tr key={field}>
                  <td>{field}</td>
                  <td>{value === null ? '(default: empty)' : String(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
