import { describe, expect, it } from 'vitest';
import { groupProblems, roleProblems, userProblems, type GroupPayload } from './adminRules.js';

// Messages word for word from the product spec §5 (typos kept).
const validGroup: GroupPayload = {
  groupName: 'North team',
  channels: [1],
  notifyToEmail: 'notify@example.com',
  end_date: '2026-12-31',
  crawl_type: [0],
  accountRequestedBy: 'Asha',
  accountManagerName: 'Ravi',
  accountManagerEmail: 'ravi@example.com',
  associate1Name: 'Meera',
  associate1Email: 'meera@example.com',
  taskId: 'T-12',
};

describe('group form rules', () => {
  it('a complete group has no problems', () => {
    expect(groupProblems(validGroup)).toEqual([]);
  });

  it('an empty form lists every required field in form order', () => {
    expect(groupProblems({})).toEqual([
      { path: 'groupName', message: 'Group Name is a required attribute.' },
      { path: 'end_date', message: 'End Date can not be empty' },
      { path: 'channels', message: 'Channel can not be empty' },
      { path: 'crawl_type', message: 'Crawling Type can not be empty' },
      { path: 'notifyToEmail', message: 'You have to enter valid email' },
      { path: 'accountManagerEmail', message: 'You have to enter valid email' },
      { path: 'associate1Email', message: 'You have to enter valid email' },
      { path: 'accountRequestedBy', message: 'Account Requested By is a required attribute.' },
      { path: 'accountManagerName', message: 'Account Manager Name is a required attribute.' },
      { path: 'associate1Name', message: 'Associate 1 Name is a required attribute.' },
      { path: 'taskId', message: 'Task Id is a required attribute.' },
    ]);
  });

  it('whitespace-only text counts as blank', () => {
    const problems = groupProblems({
      ...validGroup,
      groupName: '   ',
      accountRequestedBy: ' ',
      accountManagerName: '\t',
      associate1Name: '  ',
      taskId: ' ',
    });
    expect(problems.map((p) => p.path)).toEqual([
      'groupName',
      'accountRequestedBy',
      'accountManagerName',
      'associate1Name',
      'taskId',
    ]);
  });

  it('each required text alone is reported alone', () => {
    for (const key of [
      'groupName',
      'accountRequestedBy',
      'accountManagerName',
      'associate1Name',
      'taskId',
    ] as const)
      expect(groupProblems({ ...validGroup, [key]: '' }).map((p) => p.path)).toEqual([key]);
  });

  it('the end date must be a YYYY-MM-DD date, nothing around it', () => {
    const endDate = (end_date: string) => groupProblems({ ...validGroup, end_date }).map((p) => p.path);
    expect(endDate('2026-1-31')).toEqual(['end_date']);
    expect(endDate('x2026-12-31')).toEqual(['end_date']);
    expect(endDate('2026-12-31x')).toEqual(['end_date']);
    expect(endDate('31/12/2026')).toEqual(['end_date']);
    expect(endDate('  ')).toEqual(['end_date']);
    expect(endDate('2027-01-01')).toEqual([]);
  });

  it('channels and crawl types need at least one entry', () => {
    expect(groupProblems({ ...validGroup, channels: [] })).toEqual([
      { path: 'channels', message: 'Channel can not be empty' },
    ]);
    expect(groupProblems({ ...validGroup, crawl_type: [] })).toEqual([
      { path: 'crawl_type', message: 'Crawling Type can not be empty' },
    ]);
  });

  it('the notify, manager and associate 1 addresses must be e-mail addresses', () => {
    for (const key of ['notifyToEmail', 'accountManagerEmail', 'associate1Email'] as const)
      expect(groupProblems({ ...validGroup, [key]: 'not-an-address' })).toEqual([
        { path: key, message: 'You have to enter valid email' },
      ]);
  });

  it('associate 2 is optional, but an address given must be valid', () => {
    expect(groupProblems({ ...validGroup, associate2Email: '' })).toEqual([]);
    expect(groupProblems({ ...validGroup, associate2Email: '   ' })).toEqual([]);
    expect(groupProblems({ ...validGroup, associate2Email: 'two@example.com' })).toEqual([]);
    expect(groupProblems({ ...validGroup, associate2Email: 'two' })).toEqual([
      { path: 'associate2Email', message: 'You have to enter valid email' },
    ]);
  });
});

describe('user form rules', () => {
  const user = { first_name: 'Asha', user_name: 'asha@example.com' };

  it('a named user with one mapping has no problems', () => {
    expect(userProblems({ ...user, mappings: [{ group_id: 1, role_id: 2 }] }, 'create')).toEqual([]);
  });

  it('first name, e-mail user name and a mapping are required', () => {
    expect(userProblems({ first_name: ' ', user_name: 'asha', mappings: [] }, 'create')).toEqual([
      { path: 'first_name', message: 'First Name is a required attribute.' },
      { path: 'user_name', message: 'User Name must be valid e-mail id.' },
      { path: 'object_array', message: 'Please map a group with role before submitting' },
    ]);
    expect(userProblems({ mappings: [] }, 'edit').map((p) => p.path)).toEqual([
      'first_name',
      'user_name',
      'object_array',
    ]);
  });

  it('rows marked for deletion do not count as mappings', () => {
    const mappings = [{ group_id: 1, role_id: 2, is_delete: true }];
    expect(userProblems({ ...user, mappings }, 'edit')).toEqual([
      { path: 'object_array', message: 'Please map a group with role before submitting' },
    ]);
  });

  it('on create a group mapped twice is reported once', () => {
    const mappings = [
      { group_id: 1, role_id: 2 },
      { group_id: 1, role_id: 3, status: false },
      { group_id: 1, role_id: 4 },
    ];
    expect(userProblems({ ...user, mappings }, 'create')).toEqual([
      { path: 'object_array', message: 'Group is already mapped with a role' },
    ]);
  });

  it('different groups are no duplicate', () => {
    const mappings = [
      { group_id: 1, role_id: 2 },
      { group_id: 2, role_id: 2 },
    ];
    expect(userProblems({ ...user, mappings }, 'create')).toEqual([]);
    expect(userProblems({ ...user, mappings }, 'edit')).toEqual([]);
  });

  it('on edit only a second active mapping of a group is a duplicate', () => {
    const inactive = [
      { group_id: 1, role_id: 2, status: true },
      { group_id: 1, role_id: 3, status: false },
    ];
    expect(userProblems({ ...user, mappings: inactive }, 'edit')).toEqual([]);
    const active = [
      { group_id: 1, role_id: 2, status: true },
      { group_id: 1, role_id: 3 },
      { group_id: 1, role_id: 4 },
    ];
    expect(userProblems({ ...user, mappings: active }, 'edit')).toEqual([
      { path: 'object_array', message: 'Group is already mapped with an active role' },
    ]);
  });

  it('on edit a deleted second row of a group is no duplicate', () => {
    const mappings = [
      { group_id: 1, role_id: 2 },
      { group_id: 1, role_id: 3, is_delete: true },
    ];
    expect(userProblems({ ...user, mappings }, 'edit')).toEqual([]);
  });
});

describe('role form rules', () => {
  it('a role with group, name and an activity has no problems', () => {
    expect(roleProblems({ groupId: 3, name: 'Viewer', activityIds: [1] }, 'create')).toEqual([]);
  });

  it('create and edit word the missing group differently', () => {
    const empty = { name: '', activityIds: [] };
    expect(roleProblems(empty, 'create')).toEqual([
      { path: 'groupId', message: 'Please Select Group' },
      { path: 'name', message: 'Role Name is a required attribute.' },
      { path: 'activity_id', message: 'Please Select At Least One Activity' },
    ]);
    expect(roleProblems({ groupId: 0, name: '  ', activityIds: [] }, 'edit')).toEqual([
      { path: 'groupId', message: 'Please select group' },
      { path: 'name', message: 'Role Name is a required attribute.' },
      { path: 'activity_id', message: 'Please Select At Least One Activity' },
    ]);
  });
});
