import { describe, expect, it } from 'vitest';
import type { MutationNode } from '../config.gen.js';
import { distinctProblems } from './distinctChecks.js';

const MESSAGE = 'Group is already mapped with an active role';
const mutation = (checks: MutationNode['checks']): MutationNode => ({
  kind: 'mutation',
  id: 'save',
  entity: 'user',
  operation: 'update',
  checks,
});
const byGroup = mutation([
  { kind: 'required', field: 'first_name', message: 'First Name is a required attribute.' },
  {
    kind: 'distinct',
    field: 'mappings',
    by: 'group_id',
    message: MESSAGE,
    ignore: [
      { field: 'is_delete', equals: true },
      { field: 'status', equals: false },
    ],
  },
]);

describe('distinct checks of a mutation body', () => {
  it('different keys pass', () => {
    expect(distinctProblems(byGroup, { mappings: [{ group_id: 1 }, { group_id: 2 }] })).toEqual([]);
  });

  it('a repeated key is reported once with the check message', () => {
    const mappings = [{ group_id: 1 }, { group_id: 2 }, { group_id: 1 }, { group_id: 2 }];
    expect(distinctProblems(byGroup, { mappings })).toEqual([{ path: 'mappings', message: MESSAGE }]);
  });

  it('items matching an ignore condition are left out', () => {
    const mappings = [
      { group_id: 1, status: true },
      { group_id: 1, status: false },
      { group_id: 1, is_delete: true },
    ];
    expect(distinctProblems(byGroup, { mappings })).toEqual([]);
    // Only an exact match ignores: status 0 is not false.
    expect(distinctProblems(byGroup, { mappings: [{ group_id: 1 }, { group_id: 1, status: 0 }] })).toEqual([
      { path: 'mappings', message: MESSAGE },
    ]);
  });

  it('without ignore conditions every item counts', () => {
    const plain = mutation([{ kind: 'distinct', field: 'rows', by: 'id', message: 'dup' }]);
    expect(distinctProblems(plain, { rows: [{ id: 1, status: false }, { id: 1 }] })).toEqual([
      { path: 'rows', message: 'dup' },
    ]);
  });

  it('skips non-object items, missing lists, other kinds and checks without by', () => {
    expect(distinctProblems(byGroup, { mappings: [null, 3, { group_id: 1 }, null] })).toEqual([]);
    expect(distinctProblems(byGroup, { mappings: 'x' })).toEqual([]);
    expect(distinctProblems(byGroup, {})).toEqual([]);
    expect(distinctProblems(mutation(undefined), { mappings: [{ group_id: 1 }, { group_id: 1 }] })).toEqual(
      [],
    );
    const others = mutation([
      { kind: 'unique', field: 'rows', by: 'id', message: 'unique' },
      { kind: 'distinct', field: 'rows', message: 'no by' },
    ]);
    expect(distinctProblems(others, { rows: [{ id: 1 }, { id: 1 }] })).toEqual([]);
  });

  it('reports each failing check', () => {
    const two = mutation([
      { kind: 'distinct', field: 'a', by: 'id', message: 'dup a' },
      { kind: 'distinct', field: 'b', by: 'id', message: 'dup b' },
    ]);
    const body = { a: [{ id: 1 }, { id: 1 }], b: [{ id: 2 }, { id: 2 }] };
    expect(distinctProblems(two, body)).toEqual([
      { path: 'a', message: 'dup a' },
      { path: 'b', message: 'dup b' },
    ]);
  });
});
