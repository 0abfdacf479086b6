import type { BulkAction, MutationNode, ScreenConfig, WidgetNode } from '../../../shared/config.gen.js';
import type { ConfigProblem } from './configRegistry.js';
import { pointer } from './configProblems.js';
import { suggestName } from '../model/suggestName.js';
import {
  CREATABLE_WAREHOUSE_ENTITIES,
  DELETABLE_ENTITIES,
  ENTITY_CATALOGUE,
  isEntityName,
  isWarehouseEntity,
  JSON_TYPES_OF,
} from '../entities/entityCatalogue.js';
import { isReadOnlyEntity } from '../entities/entityReads.js';

type Add = (p: string, message: string) => void;

/**
 * A screen's mutations against the entity catalogue and the product's activities, and the
 * widgets that run them (forms, overlays, row and bulk actions) against the screen's mutations.
 */
export function checkMutations(
  file: string,
  screen: ScreenConfig,
  activities: ReadonlySet<string>,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const add: Add = (p, message) => problems.push({ file, pointer: p, message });
  const mutations = new Map<string, MutationNode>();
  (screen.mutations ?? []).forEach((m, i) => {
    if (mutations.has(m.id)) add(pointer('mutations', i, 'id'), `duplicate mutation id "${m.id}"`);
    mutations.set(m.id, m);
    checkMutation(m, i, activities, add);
  });
  screen.widgets.forEach((w, i) => checkWidget(w, i, screen, mutations, add));
  return problems;
}

function checkMutation(m: MutationNode, i: number, activities: ReadonlySet<string>, add: Add): void {
  const at = (...rest: (string | number)[]) => pointer('mutations', i, ...rest);
  if (m.permission !== undefined && !activities.has(m.permission))
    add(at('permission'), `unknown permission "${m.permission}"${suggestName(m.permission, activities)}`);
  if (isReadOnlyEntity(m.entity)) {
    add(at('entity'), `entity "${m.entity}" is read-only: no mutation writes it`);
    return;
  }
  if (!isEntityName(m.entity)) {
    add(at('entity'), `unknown entity "${m.entity}"${suggestName(m.entity, Object.keys(ENTITY_CATALOGUE))}`);
    return;
  }
  const fields: Record<string, string> = ENTITY_CATALOGUE[m.entity];
  const writes = m.operation === 'create' || m.operation === 'update';
  if (writes && !m.schema) add(at(), `a ${m.operation} mutation needs "schema"`);
  if (m.operation === 'toggle' && !m.toggle) add(at(), 'a toggle mutation needs "toggle"');
  const entity = m.entity;
  const deletes = !isWarehouseEntity(entity) && DELETABLE_ENTITIES.includes(entity);
  if (m.operation === 'delete' && !deletes)
    add(at('operation'), `${m.entity} rows are never deleted through a mutation`);
  if (isWarehouseEntity(entity)) {
    if (m.operation === 'create' && !CREATABLE_WAREHOUSE_ENTITIES.includes(entity))
      add(at('operation'), `${m.entity} rows are never created through a mutation`);
    (m.checks ?? []).forEach((c, k) => {
      if (c.kind === 'unique')
        add(
          at('checks', k, 'kind'),
          `unique checks are for store entities; ${m.entity} lives in the warehouse`,
        );
    });
  }
  if (m.toggle && !Object.hasOwn(fields, m.toggle.field))
    add(at('toggle', 'field'), unknownField(m.toggle.field, m.entity, Object.keys(fields)));
  const declared = Object.keys(m.schema?.properties ?? {});
  for (const [name, node] of Object.entries(m.schema?.properties ?? {})) {
    if (!Object.hasOwn(fields, name)) {
      add(at('schema', 'properties', name), unknownField(name, m.entity, Object.keys(fields)));
      continue;
    }
    const type = (node as { type?: unknown }).type;
    const allowed = JSON_TYPES_OF[fields[name] as keyof typeof JSON_TYPES_OF];
    if (typeof type !== 'string' || !allowed.includes(type))
      add(
        at('schema', 'properties', name, 'type'),
        `field "${name}" of ${m.entity} must be of type ${allowed.join(' or ')}`,
      );
  }
  (m.checks ?? []).forEach((c, j) => {
    if (!declared.includes(c.field))
      add(
        at('checks', j, 'field'),
        `field "${c.field}" is not in the mutation's schema${suggestName(c.field, declared)}`,
      );
    if (c.kind === 'distinct' && (!c.by || fields[c.field] !== 'objectList'))
      add(at('checks', j), 'a distinct check needs "by" and a list-of-objects field');
  });
  const lookups = new Set<string>();
  (m.lookups ?? []).forEach((l, j) => {
    if (lookups.has(l.id)) add(at('lookups', j, 'id'), `duplicate lookup id "${l.id}"`);
    lookups.add(l.id);
  });
}

function unknownField(name: string, entity: string, known: string[]): string {
  return `unknown field "${name}" of entity "${entity}"${suggestName(name, known)}`;
}

function checkWidget(
  w: WidgetNode,
  i: number,
  screen: ScreenConfig,
  mutations: ReadonlyMap<string, MutationNode>,
  add: Add,
): void {
  const ref = (id: string | undefined, at: string) => {
    if (id !== undefined && !mutations.has(id))
      add(at, `unknown mutation "${id}"${suggestName(id, mutations.keys())}`);
  };
  const widget = (id: string, kind: string, at: string) => {
    const target = screen.widgets.find((x) => x.id === id);
    if (target?.kind !== kind) add(at, `no ${kind} widget "${id}" in this screen`);
  };
  if (w.kind === 'form') {
    ref(w.mutation, pointer('widgets', i, 'mutation'));
    if (w.mutation === undefined && (!w.schema || !w.submit))
      add(pointer('widgets', i), 'a form needs "mutation", or "schema" and "submit"');
  }
  if (w.kind === 'overlay') widget(w.form, 'form', pointer('widgets', i, 'form'));
  if (w.kind === 'grid') {
    const entity = w.rows?.entity;
    if (entity !== undefined && isEntityName(entity))
      for (const field of Object.keys(w.rows?.where ?? {}))
        if (!Object.hasOwn(ENTITY_CATALOGUE[entity], field))
          add(
            pointer('widgets', i, 'rows', 'where', field),
            unknownField(field, entity, Object.keys(ENTITY_CATALOGUE[entity])),
          );
    (w.rowActions ?? []).forEach((a, j) => {
      ref(a.mutation, pointer('widgets', i, 'rowActions', j, 'mutation'));
      checkRowCreate(a, mutations.get(a.mutation ?? ''), pointer('widgets', i, 'rowActions', j), add);
      if (a.overlay !== undefined)
        widget(a.overlay, 'overlay', pointer('widgets', i, 'rowActions', j, 'overlay'));
      if (a.overlay !== undefined && a.with)
        checkRowCreate(
          a,
          overlayMutation(screen, a.overlay, mutations),
          pointer('widgets', i, 'rowActions', j),
          add,
        );
      if (a.mutation === undefined && a.overlay === undefined && a.endpoint === undefined)
        add(pointer('widgets', i, 'rowActions', j), 'a row action needs "mutation", "overlay" or "endpoint"');
    });
    (w.bulkActions ?? []).forEach((a, j) =>
      checkBulkAction(
        a,
        a.mutation === undefined ? undefined : mutations.get(a.mutation),
        pointer('widgets', i, 'bulkActions', j),
        ref,
        add,
      ),
    );
  }
}

/** The mutation of the form an overlay holds (a row action's `with` fills that form's fields). */
function overlayMutation(
  screen: { widgets: readonly { id?: string; kind: string; form?: string; mutation?: string }[] },
  overlayId: string,
  mutations: ReadonlyMap<string, MutationNode>,
): MutationNode | undefined {
  const overlay = screen.widgets.find((x) => x.id === overlayId);
  const form = overlay?.kind === 'overlay' ? screen.widgets.find((x) => x.id === overlay.form) : undefined;
  return form?.kind === 'form' ? mutations.get(form.mutation ?? '') : undefined;
}

/**
 * A bulk action runs a delete or toggle on each ticked row, or an update writing its `set` values
 * (fields of the update's schema); never a create, and `set` only with an update.
 */
function checkBulkAction(
  action: BulkAction,
  mutation: MutationNode | undefined,
  at: string,
  ref: (id: string | undefined, at: string) => void,
  add: Add,
): void {
  if ((action.mutation === undefined) === (action.endpoint === undefined))
    add(at, 'a bulk action needs "mutation" or "endpoint" (one of them)');
  if (action.choose && action.endpoint === undefined)
    add(`${at}/choose`, '"choose" sends its value to a bulk "endpoint"');
  if (action.mutation === undefined) return;
  ref(action.mutation, `${at}/mutation`);
  if (!mutation) return;
  if (mutation.operation === 'create')
    add(`${at}/mutation`, 'a bulk action runs a delete, toggle or update mutation');
  if (mutation.operation === 'update' && !action.set)
    add(at, `a bulk action running an update needs "set" (the values every ticked row gets)`);
  if (mutation.operation !== 'update' && action.set)
    add(`${at}/set`, `"set" is for update mutations ("${mutation.id}" is ${mutation.operation})`);
  const declared = Object.keys(mutation.schema?.properties ?? {});
  if (mutation.operation === 'update')
    for (const field of Object.keys(action.set ?? {}))
      if (!declared.includes(field))
        add(
          `${at}/set/${field}`,
          `field "${field}" is not in the schema of mutation "${mutation.id}"${suggestName(field, declared)}`,
        );
}

/** A row action running a create maps row fields into the body (`with`), and only then. */
function checkRowCreate(
  action: { with?: Record<string, string | undefined> },
  mutation: MutationNode | undefined,
  at: string,
  add: Add,
): void {
  if (!mutation) return;
  const creates = mutation.operation === 'create';
  if (creates && !action.with) add(at, 'a row action running a create mutation needs "with"');
  if (!creates && action.with)
    add(`${at}/with`, `"with" is for create mutations ("${mutation.id}" is ${mutation.operation})`);
  const declared = Object.keys(mutation.schema?.properties ?? {});
  for (const field of Object.keys(action.with ?? {}))
    if (!declared.includes(field))
      add(
        `${at}/with/${field}`,
        `field "${field}" is not in the schema of mutation "${mutation.id}"${suggestName(field, declared)}`,
      );
}
