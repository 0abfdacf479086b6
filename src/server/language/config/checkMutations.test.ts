import { describe, expect, it } from 'vitest';
import type { ScreenConfig } from '../../../shared/config.gen.js';
import { checkMutations } from './checkMutations.js';

const screen = (extra: Partial<ScreenConfig>): ScreenConfig => ({
  schemaVersion: 2,
  kind: 'screen',
  area: 'client',
  id: 'createaccount',
  title: 'Create',
  permission: 'client/createaccount',
  widgets: [{ kind: 'form', id: 'f', mutation: 'create' }],
  layout: [{ kind: 'row', widgets: ['f'] }],
  ...extra,
});
const activities = new Set(['client/createaccount']);
const messages = (s: ScreenConfig) => checkMutations('client/createaccount.screen.json', s, activities);

describe('checkMutations', () => {
  it('accepts a mutation on a known entity, fields and permission', () => {
    const s = screen({
      mutations: [
        {
          kind: 'mutation',
          id: 'create',
          entity: 'group',
          operation: 'create',
          permission: 'client/createaccount',
          schema: { type: 'object', properties: { group_name: { type: 'string' } } },
          checks: [{ kind: 'required', field: 'group_name', message: 'Group Name is a required attribute.' }],
        },
      ],
    });
    expect(messages(s)).toEqual([]);
  });

  it('refuses a delete of an entity whose repository deletes nothing (a group is never deleted)', () => {
    const s = screen({
      widgets: [{ kind: 'form', id: 'f', mutation: 'create' }],
      mutations: [
        {
          kind: 'mutation',
          id: 'create',
          entity: 'group',
          operation: 'delete',
        },
      ],
    });
    expect(messages(s)).toEqual([
      {
        file: 'client/createaccount.screen.json',
        pointer: '/mutations/0/operation',
        message: 'group rows are never deleted through a mutation',
      },
    ]);
  });

  it('names an unknown entity, field, permission, check field and widget reference at its pointer', () => {
    const s = screen({
      mutations: [
        {
          kind: 'mutation',
          id: 'create',
          entity: 'grop',
          operation: 'create',
          schema: { type: 'object', properties: {} },
        },
        {
          kind: 'mutation',
          id: 'edit',
          entity: 'group',
          operation: 'update',
          permission: 'client/nowhere',
          schema: {
            type: 'object',
            properties: { group_nam: { type: 'string' }, channels: { type: 'string' } },
          },
          checks: [{ kind: 'email', field: 'task_id', message: 'x' }],
        },
      ],
      widgets: [{ kind: 'form', id: 'f', mutation: 'creat' }],
    });
    const found = messages(s).map((p) => `${p.pointer}: ${p.message}`);
    expect(found).toEqual([
      // The list of allowed entities grows with every entity; its start is enough here.
      expect.stringMatching(
        /^\/mutations\/0\/entity: unknown entity "grop"; did you mean "group"\? Allowed: amsSchema, /,
      ),
      '/mutations/1/permission: unknown permission "client/nowhere"; allowed: client/createaccount',
      expect.stringMatching(
        /^\/mutations\/1\/schema\/properties\/group_nam: unknown field "group_nam" of entity "group"; did you mean "group_name"\?/,
      ),
      '/mutations/1/schema/properties/channels/type: field "channels" of group must be of type array',
      '/mutations/1/checks/0/field: field "task_id" is not in the mutation\'s schema; allowed: channels, group_nam',
      '/widgets/0/mutation: unknown mutation "creat"; did you mean "create"? Allowed: create, edit',
    ]);
  });

  it("holds an overlay row action's `with` to the fields of the create form the overlay holds", () => {
    const s = screen({
      mutations: [
        {
          kind: 'mutation',
          id: 'create',
          entity: 'groupMember',
          operation: 'create',
          schema: { type: 'object', properties: { group_id: { type: 'integer' } } },
        },
      ],
      widgets: [
        { kind: 'form', id: 'f', mutation: 'create' },
        { kind: 'overlay', id: 'o', title: 'Manage Users', form: 'f' },
        {
          kind: 'grid',
          id: 'g',
          rows: { entity: 'group' },
          columns: [{ kind: 'text', field: 'group_name', header: 'Group Name' }],
          rowActions: [
            { kind: 'rowAction', id: 'ok', label: 'Manage Users', overlay: 'o', with: { group_id: 'id' } },
            { kind: 'rowAction', id: 'bad', label: 'Manage Users', overlay: 'o', with: { group: 'id' } },
          ],
        },
      ],
      layout: [{ kind: 'row', widgets: ['f', 'o', 'g'] }],
    });
    expect(messages(s).map((m) => [m.pointer, m.message])).toEqual([
      ['/widgets/2/rowActions/1/with/group', expect.stringContaining('field "group" is not in the schema')],
    ]);
  });

  it('refuses a bulk update without set (or setting a field outside its schema), set on a toggle, and a row action with nothing to run', () => {
    const s = screen({
      mutations: [
        {
          kind: 'mutation',
          id: 'edit',
          entity: 'group',
          operation: 'update',
          schema: { type: 'object', properties: { status: { type: 'integer' } } },
        },
        {
          kind: 'mutation',
          id: 'flip',
          entity: 'group',
          operation: 'toggle',
          toggle: { field: 'status', values: [1, 0] },
        },
      ],
      widgets: [
        {
          kind: 'grid',
          id: 'g',
          query: 'q',
          columns: [{ kind: 'text', field: 'group_name', header: 'Group' }],
          rowActions: [{ kind: 'rowAction', id: 'a', label: 'A' }],
          bulkActions: [
            { kind: 'bulkAction', id: 'b', label: 'B', mutation: 'edit' },
            { kind: 'bulkAction', id: 'c', label: 'C', mutation: 'edit', set: { status_x: 1 } },
            { kind: 'bulkAction', id: 'd', label: 'D', mutation: 'flip', set: { status: 1 } },
            { kind: 'bulkAction', id: 'ok1', label: 'On', mutation: 'edit', set: { status: 1 } },
            { kind: 'bulkAction', id: 'ok2', label: 'Flip', mutation: 'flip' },
          ],
        },
      ],
    });
    expect(messages(s).map((p) => p.pointer)).toEqual([
      '/widgets/0/rowActions/0',
      '/widgets/0/bulkActions/0',
      '/widgets/0/bulkActions/1/set/status_x',
      '/widgets/0/bulkActions/2/set',
    ]);
  });

  it('refuses a create of keyword rows (they come from the crawl set-up) and unique checks in the warehouse', () => {
    const s = screen({
      mutations: [
        {
          kind: 'mutation',
          id: 'create',
          entity: 'keyword',
          operation: 'create',
          schema: { type: 'object', properties: { keyword_type: { type: 'string' } } },
          checks: [{ kind: 'unique', field: 'keyword_type', message: 'Taken' }],
        },
      ],
    });
    expect(messages(s).map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      '/mutations/0/operation: keyword rows are never created through a mutation',
      '/mutations/0/checks/0/kind: unique checks are for store entities; keyword lives in the warehouse',
    ]);
  });
});
