import { useState } from 'react';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { distinctProblems } from '../../../../../shared/mutations/distinctChecks.js';
import { lookupContextOf, useLookup } from './lookupContext.js';

type Item = Record<string, unknown>;

interface Side {
  /** Item field holding the id (group_id), its label (group), the lookup listing it, a title. */
  field: string;
  label: string;
  lookup: string;
  title: string;
}

interface Options {
  key: Side;
  value: Side;
  statusField: string;
  deleteField: string;
  newField: string;
  addLabel?: string;
  confirmTitle?: string;
  confirmDelete?: string;
  confirmChange?: string;
  confirmActivate?: string;
  confirmDeactivate?: string;
}

/** A scalar of an item as text (names and ids only; anything else shows the fallback). */
function shown(value: unknown, fallback: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return typeof fallback === 'string' || typeof fallback === 'number' ? String(fallback) : '';
}

function ask(title: string | undefined, text: string | undefined, item: Item, key: Side): boolean {
  if (!text) return true;
  const filled = text.replace(/\{(\w+)\}/g, (_, f: string) => shown(item[f === 'group' ? key.label : f], ''));
  return window.confirm(title ? `${title}\n\n${filled}` : filled);
}

/**
 * A list of key -> value pairs picked from two lookups (uiSchema `ui:field: pairList`): the
 * spec's overlay mode 3, a user's group -> role mappings. Pick a key (searchable) and a value
 * (narrowed by the key), Add; each listed pair has a value dropdown, an active toggle and Delete,
 * each behind the configured confirmation ('Group Role Status'). Changes take effect on save: a
 * deleted pair already stored is kept, marked, so the save removes it; a new one just goes.
 */
export function PairListField(props: FieldProps) {
  const { onChange, uiSchema, registry, disabled, readonly, fieldPathId, schema } = props;
  const formData: unknown = props.formData;
  const o = getUiOptions(uiSchema) as unknown as Options;
  const ctx = lookupContextOf(registry);
  const items = (Array.isArray(formData) ? formData : []) as Item[];
  const [search, setSearch] = useState('');
  const [pickKey, setPickKey] = useState<number | undefined>();
  const [pickValue, setPickValue] = useState<number | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const keys = useLookup(ctx, o.key.lookup);
  const values = useLookup(ctx, o.value.lookup, pickKey, true);
  const locked = disabled || readonly;
  const set = (next: Item[]) => onChange(next, fieldPathId.path);
  const needle = search.trim().toLowerCase();
  const shownKeys = needle
    ? keys.options.filter((k) => k.label.toLowerCase().includes(needle))
    : keys.options;

  const add = () => {
    setProblem(null);
    if (pickKey === undefined || pickValue === undefined) {
      setProblem(`Select a ${o.key.title.toLowerCase()} and a ${o.value.title.toLowerCase()}`);
      return;
    }
    const item: Item = {
      [o.key.field]: pickKey,
      [o.key.label]: keys.options.find((k) => k.value === pickKey)?.label ?? '',
      [o.value.field]: pickValue,
      [o.value.label]: values.options.find((v) => v.value === pickValue)?.label ?? '',
      [o.statusField]: true,
      [o.newField]: true,
    };
    const next = [...items, item];
    // The mutation's distinct check, before the row is added: the same words the save would give.
    const clash = ctx?.mutation ? distinctProblems(ctx.mutation, { [fieldPathId.path.at(-1)!]: next }) : [];
    if (clash.length) {
      setProblem(clash[0]!.message);
      return;
    }
    set(next);
    setPickKey(undefined);
    setPickValue(undefined);
    setSearch('');
  };
  const update = (index: number, change: Item) =>
    set(items.map((it, i) => (i === index ? { ...it, ...change } : it)));
  const remove = (index: number, item: Item) => {
    if (!ask(o.confirmTitle, o.confirmDelete, item, o.key)) return;
    if (item[o.newField]) set(items.filter((_, i) => i !== index));
    else update(index, { [o.deleteField]: true });
  };
  const toggle = (index: number, item: Item) => {
    const active = item[o.statusField] !== false;
    if (!ask(o.confirmTitle, active ? o.confirmDeactivate : o.confirmActivate, item, o.key)) return;
    update(index, { [o.statusField]: !active });
  };

  return (
    <div className="ss-pairlist" id={fieldPathId.$id}>
      <div className="ss-pairlist__title">{schema.title}</div>
      <div className="ss-pairlist__pick">
        <input
          type="search"
          className="form-control"
          placeholder={`Search ${o.key.title}`}
          aria-label={`Search ${o.key.title}`}
          value={search}
          disabled={locked}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select
          className="form-control"
          aria-label={o.key.title}
          value={pickKey ?? ''}
          disabled={locked}
          onChange={(e) => {
            setPickKey(e.target.value ? Number(e.target.value) : undefined);
            setPickValue(undefined);
          }}
        >
          <option value="">{keys.loading ? 'Loading…' : `Select ${o.key.title}`}</option>
          {shownKeys.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
        <select
          className="form-control"
          aria-label={o.value.title}
          value={pickValue ?? ''}
          disabled={locked || pickKey === undefined}
          onChange={(e) => setPickValue(e.target.value ? Number(e.target.value) : undefined)}
        >
          <option value="">{values.loading ? 'Loading…' : `Select ${o.value.title}`}</option>
          {values.options.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </select>
        <button type="button" className="ss-btn" disabled={locked} onClick={add}>
          {o.addLabel ?? 'Add'}
        </button>
      </div>
      {problem && (
        <div className="ss-pairlist__problem" role="alert">
          {problem}
        </div>
      )}
      <table className="ss-pairlist__list">
        <thead>
          <tr>
            <th>{o.key.title}</th>
            <th>{o.value.title}</th>
            <th>Status</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {items.every((it) => it[o.deleteField]) && (
            <tr>
              <td colSpan={4} className="ss-pairlist__empty">
                No {o.key.title.toLowerCase()} mapped yet
              </td>
            </tr>
          )}
          {items.map((item, index) =>
            item[o.deleteField] ? null : (
              <PairRow
                key={`${String(item[o.key.field])}-${index}`}
                item={item}
                o={o}
                locked={locked}
                ctxRow={ctx}
                onRole={(value, label) => {
                  if (!ask(o.confirmTitle, o.confirmChange, item, o.key)) return;
                  update(index, { [o.value.field]: value, [o.value.label]: label });
                }}
                onToggle={() => toggle(index, item)}
                onDelete={() => remove(index, item)}
              />
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

function PairRow({
  item,
  o,
  locked,
  ctxRow,
  onRole,
  onToggle,
  onDelete,
}: {
  item: Item;
  o: Options;
  locked: boolean | undefined;
  ctxRow: ReturnType<typeof lookupContextOf>;
  onRole: (value: number, label: string) => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const keyValue = item[o.key.field] as number;
  const { options } = useLookup(ctxRow, o.value.lookup, keyValue, true);
  const current = item[o.value.field] as number;
  const active = item[o.statusField] !== false;
  const label = shown(item[o.key.label], keyValue);
  return (
    <tr className={active ? undefined : 'is-inactive'}>
      <td>{label}</td>
      <td>
        <select
          className="form-control"
          aria-label={`${o.value.title} of ${label}`}
          value={current}
          disabled={locked}
          onChange={(e) => {
            const v = Number(e.target.value);
            onRole(v, options.find((x) => x.value === v)?.label ?? '');
          }}
        >
          {!options.some((x) => x.value === current) && (
            <option value={current}>{shown(item[o.value.label], current)}</option>
          )}
          {options.map((x) => (
            <option key={x.value} value={x.value}>
              {x.label}
            </option>
          ))}
        </select>
      </td>
      <td>
        <button
          type="button"
          className={`ss-toggle${active ? ' is-on' : ''}`}
          role="switch"
          aria-checked={active}
          aria-label={`${label} active`}
          disabled={locked}
          onClick={onToggle}
        >
          {active ? 'Active' : 'Inactive'}
        </button>
      </td>
      <td>
        <button type="button" className="ss-link-btn" disabled={locked} onClick={onDelete}>
          Delete
        </button>
      </td>
    </tr>
  );
}
