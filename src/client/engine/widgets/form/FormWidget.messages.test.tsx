// @vitest-environment happy-dom
/**
 * The admin forms' form-level messages, on the real screen configs (screens/client, role, user):
 * the banner when the form's own validation refuses a submit (`invalidMessages`), and the
 * spec's §8 failure texts when the server refuses without a message (`failureMessage`).
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY } from '../../../../shared/format/index.js';
import type { ResolvedScreen } from '../../../../shared/screenApi.js';
import { ADMIN_MSG } from '../../../../shared/admin/adminMessages.js';
import { EngineContext } from '../../runtime/EngineContext.js';
import { fakeDataSource } from '../../fixtures/fakeDataSource.js';
import { widgetOf } from '../../fixtures/EngineHarness.js';
import {
  clientsScreen,
  createAccountScreen,
  createRoleScreen,
  createUserScreen,
  reportMailerScreen,
  rolesScreen,
} from '../../fixtures/adminScreens.js';
import { createScreenStore } from '../../state/screenStore.js';
import { FormWidget } from './FormWidget.js';

afterEach(cleanup);

type Answer = (endpoint: string, method: string, body: unknown) => Promise<unknown>;

/** The form of a screen with a source whose writes answer `write`; lookups list one choice. */
function renderForm(page: ResolvedScreen, formId: string, write: Answer, initial?: Record<string, unknown>) {
  const calls: [string, string, unknown][] = [];
  const source = {
    ...fakeDataSource(page),
    submit: (endpoint: string, method: string, body: unknown) => {
      calls.push([endpoint, method, body]);
      if (endpoint.startsWith('lookup/'))
        return Promise.resolve({ statusCode: 1, msg: '', data: [{ value: 1, label: 'Demo Brands' }] });
      if (endpoint.startsWith('verify/')) return Promise.resolve({ statusCode: 1, msg: '' });
      if (endpoint === 'report-mailers/report-filters')
        return Promise.resolve({ statusCode: 1, msg: '', data: REPORT_FILTERS });
      return write(endpoint, method, body);
    },
  };
  const store = createScreenStore(page.area, page.id, {}, { today: '2026-11-22' });
  render(
    <EngineContext.Provider
      value={{ screen: page, store, source: source as never, currency: DEFAULT_CURRENCY }}
    >
      <FormWidget config={widgetOf(page, 'form', formId)} inOverlay initial={initial} />
    </EngineContext.Provider>,
  );
  return {
    writes: () => calls.filter(([e]) => e.startsWith('mutate/')),
    posts: (endpoint: string) => calls.filter(([e]) => e === endpoint),
  };
}

const never: Answer = () => Promise.reject(new Error('no write expected'));
/** What report-mailers/report-filters answers for a report: its declared filters, some with values. */
const REPORT_FILTERS = [
  { field: 'channel_id', label: 'Channel' },
  {
    field: 'stock_status',
    label: 'Stock Status',
    options: [
      { value: '1', label: 'In Stock' },
      { value: '2', label: 'Out Of Stock' },
    ],
  },
];
const banner = () => screen.findByRole('status');
const field = (name: string) => document.querySelector<HTMLInputElement>(`#root_${name}`)!;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
/** Picks a select's option by its text (rjsf's oneOf options carry indexes as values). */
const choose = (name: string, text: string) => {
  const option = [...field(name).querySelectorAll('option')].find((o) => o.textContent === text)!;
  fireEvent.change(field(name), { target: { value: option.value } });
};

/** Each field says its problem once, and no list at the bottom repeats them all. */
function expectEachMessageOnce() {
  const said = [...document.querySelectorAll('.error-detail li')];
  expect(said.length).toBeGreaterThan(0);
  // A message may repeat only for different fields (three e-mails): never field + list.
  for (const list of document.querySelectorAll('.form-group > .error-detail, .ss-form-errors'))
    if (!list.classList.contains('ss-form-errors')) expect(list.querySelectorAll('li').length).toBe(1);
  const listed = [...document.querySelectorAll('.ss-form-errors li')].map((li) => li.textContent);
  const atFields = [...document.querySelectorAll('.form-group .error-detail li')].map((li) => li.textContent);
  for (const m of listed) expect(atFields, m ?? '').not.toContain(m);
}

/** A Create Account body that passes every check. */
const ACCOUNT = {
  group_name: 'Acme Foods',
  end_date: '2030-12-31',
  channels: [1],
  crawl_types: [0],
  notify_to_email: 'alerts@acme.test',
  account_requested_by: 'Ria',
  account_manager_name: 'Omar',
  account_manager_email: 'omar@acme.test',
  associate1_name: 'Lena',
  associate1_email: 'lena@acme.test',
  task_id: 'T-42',
};

describe('form-level messages when the form refuses a submit (invalidMessages)', () => {
  it("Create Account: an empty submit shows 'Fill required values' and the field messages, nothing sent", async () => {
    const { writes } = renderForm(createAccountScreen, 'account', never);
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect((await banner()).textContent).toBe(ADMIN_MSG.fillRequired);
    expect((await banner()).className).toContain('ss-banner--error');
    // Every field message of spec §5 Create group, word for word as the config says it.
    for (const key of [
      'groupNameRequired',
      'channelEmpty',
      'crawlTypeEmpty',
      'endDateEmpty',
      'invalidEmail',
      'accountRequestedByRequired',
      'accountManagerNameRequired',
      'associate1NameRequired',
      'taskIdRequired',
    ] as const)
      expect(screen.getAllByText(ADMIN_MSG[key]).length, key).toBeGreaterThan(0);
    expectEachMessageOnce();
    expect(writes()).toEqual([]);
  });

  it("Create Account: every required value given but a bad e-mail shows 'Enter Valid Email'", async () => {
    const { writes } = renderForm(createAccountScreen, 'account', never, {
      ...ACCOUNT,
      account_manager_email: 'omar@acme',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect((await banner()).textContent).toBe(ADMIN_MSG.enterValidEmail);
    expect(screen.getAllByText(ADMIN_MSG.invalidEmail).length).toBeGreaterThan(0);
    expect(writes()).toEqual([]);
  });

  it('a missing value wins over a bad e-mail; fixing all sends the write and the banner gives its answer', async () => {
    const { writes } = renderForm(
      createAccountScreen,
      'account',
      () => Promise.resolve({ statusCode: 1, msg: 'Saved' }),
      { ...ACCOUNT, task_id: undefined, notify_to_email: 'alerts' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect((await banner()).textContent).toBe(ADMIN_MSG.fillRequired);
    type('task_id', 'T-43');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ADMIN_MSG.enterValidEmail));
    type('notify_to_email', 'alerts@acme.test');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    expect(writes()).toHaveLength(1);
  });

  // Create Account is platform staff's own tab (client/createaccount), no longer an overlay here.
  it('Create Account and the clients Edit form are one form: the same fields shown the same way', () => {
    const create = widgetOf(createAccountScreen, 'form', 'account');
    const edit = widgetOf(clientsScreen, 'form', 'clientForm');
    expect(create.uiSchema).toEqual(edit.uiSchema);
    expect(create.invalidMessages).toEqual(edit.invalidMessages);
    // The spec's: a DD-MM-YYYY end-date picker from today, a searchable channel dropdown.
    expect(create.uiSchema).toMatchObject({
      end_date: { 'ui:widget': 'pickerDate', 'ui:options': { minToday: true } },
      channels: { 'ui:widget': 'lookupTags', 'ui:options': { lookup: 'channels' } },
    });
  });

  it('the clients Edit overlay form says the same', async () => {
    renderForm(clientsScreen, 'clientForm', never, { ...ACCOUNT, id: 7, updated_at: 't', group_name: '' });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await banner()).textContent).toBe(ADMIN_MSG.fillRequired);
  });

  it('a form without invalidMessages shows only the field messages (Create Role, Create User)', async () => {
    renderForm(createRoleScreen, 'role', never);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText(ADMIN_MSG.selectGroupCreate)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(ADMIN_MSG.roleNameRequired).length).toBeGreaterThan(0);
    expect(screen.getAllByText(ADMIN_MSG.selectActivity).length).toBeGreaterThan(0);
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    renderForm(createUserScreen, 'user', never);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText(ADMIN_MSG.firstNameRequired)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(ADMIN_MSG.userNameEmail).length).toBeGreaterThan(0);
    expect(screen.getAllByText(ADMIN_MSG.mapGroup).length).toBeGreaterThan(0);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe("the spec's §8 failure texts when the server refuses without a message (failureMessage)", () => {
  const noMessage: Answer = () => Promise.resolve({ statusCode: 0, msg: '' });
  /** As axios rejects a 500 whose body carries no msg. */
  const http500: Answer = () =>
    Promise.reject(Object.assign(new Error('500'), { response: { status: 500, data: {} } }));

  it("Create Account: 'Account Creation Failed.Please contact with admin.' (statusCode 0 and HTTP 500)", async () => {
    renderForm(createAccountScreen, 'account', noMessage, ACCOUNT);
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ADMIN_MSG.accountFailed));
    cleanup();
    renderForm(createAccountScreen, 'account', http500, ACCOUNT);
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ADMIN_MSG.accountFailed));
  });

  it("the server's own message wins over the fallback", async () => {
    renderForm(
      createAccountScreen,
      'account',
      () => Promise.resolve({ statusCode: 0, msg: 'Quota reached' }),
      ACCOUNT,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Quota reached'));
  });

  it("Create User: 'Something went wrong.Please try again'", async () => {
    const { writes } = renderForm(createUserScreen, 'user', http500, {
      first_name: 'Esme',
      user_name: 'esme@acme.test',
      mappings: [
        { group_id: 1, role_id: 1, group: 'Demo Brands', role: 'Analyst', status: true, is_new_entry: true },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ADMIN_MSG.userFailed));
    expect(writes()).toHaveLength(1);
  });

  it("Create Role and Edit Role: 'Role Process Failed. Please contact with admin.'", async () => {
    const role = { group_id: 1, name: 'Buyer', activity_ids: [1] };
    renderForm(createRoleScreen, 'role', noMessage, role);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ADMIN_MSG.roleFailed));
    cleanup();
    renderForm(rolesScreen, 'roleForm', http500, { ...role, id: 3, updated_at: 't' });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ADMIN_MSG.roleFailed));
  });

  it("Edit Role without a group: 'Please select group' (the edit's wording), nothing sent", async () => {
    const { writes } = renderForm(rolesScreen, 'roleForm', never, {
      id: 3,
      updated_at: 't',
      name: 'Buyer',
      activity_ids: [1],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(ADMIN_MSG.selectGroupEdit)).length).toBeGreaterThan(0);
    // The config's placeholder (rjsf passes `ui:options.placeholder` as a prop, not an option).
    const group = document.querySelector<HTMLSelectElement>('#root_group_id')!;
    await waitFor(() => expect(group.options[0]?.textContent).toBe('Select Group'));
    expect(writes()).toEqual([]);
  });
});

describe('the report mailer form (report/reportmailer)', () => {
  const mailer = (write: Answer = never, initial?: Record<string, unknown>) =>
    renderForm(reportMailerScreen, 'mailerForm', write, initial);
  const errorsOf = (name: string) =>
    [
      ...(document
        .querySelector(`#root_${name}`)
        ?.closest('.form-group')
        ?.querySelectorAll('.error-detail li') ?? []),
    ].map((li) => li.textContent);

  it('an empty save says per field what is missing, in plain words, once; nothing is sent', async () => {
    const { posts } = mailer();
    type('name', '');
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorsOf('name')).toEqual(['Mailer Name is a required attribute.']));
    expect(errorsOf('recipients')).toEqual(['Recipients can not be empty']);
    expect(document.body.textContent).not.toMatch(/must have|must match|required property/);
    expectEachMessageOnce();
    expect(posts('report-mailers/save')).toEqual([]);
  });

  it('shows the destination fields of the chosen distribution only: e-mail recipients, or a host, or a container', async () => {
    mailer();
    await screen.findByRole('button', { name: 'Save' });
    expect(field('recipients')).not.toBeNull();
    expect(document.querySelector('#root_target')).toBeNull();
    choose('distribution', 'SFTP');
    await waitFor(() => expect(document.querySelector('#root_target_host')).not.toBeNull());
    expect(document.querySelector('#root_target_username')).not.toBeNull();
    expect(document.querySelector('#root_target_container')).toBeNull();
    expect(document.querySelector('#root_recipients')).toBeNull();
    choose('distribution', 'Azure Blob');
    await waitFor(() => expect(document.querySelector('#root_target_container')).not.toBeNull());
    expect(document.querySelector('#root_target_host')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const said = () => [...document.querySelectorAll('.error-detail li')].map((li) => li.textContent);
    await waitFor(() => expect(said()).toContain('Delivery Target is a required attribute.'));
  });

  it("asks the timing preview and the recipients' group tags through the screen's data source", async () => {
    const answer: Answer = (endpoint) =>
      endpoint === 'report-mailers/timing'
        ? Promise.resolve({ statusCode: 1, msg: '', data: { timing: 'Every day at 09:00', next: ['x'] } })
        : endpoint === 'report-mailers/group-tags'
          ? Promise.resolve({ statusCode: 1, msg: '', data: [{ name: 'g', value: 'group:1', label: 'Ops' }] })
          : never(endpoint, 'GET', null);
    const { posts } = mailer(answer, { recipients: ['group:1'], cron: '0 9 * * *' });
    // The lazy form may take a while on the first render of a run.
    expect(await screen.findByText('Every day at 09:00', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Ops')).toBeTruthy();
    expect(posts('report-mailers/timing')[0]).toEqual([
      'report-mailers/timing',
      'GET',
      { cron: '0 9 * * *', timeZone: 'Asia/Kolkata' },
    ]);
  });

  it("builds filters from the report's own, with a worded Add Filter button, and picks the time zone from a list; a full form is sent", async () => {
    const { posts } = mailer(() => Promise.resolve({ statusCode: 1, msg: 'Saved' }), {
      name: 'Weekly stock',
      recipients: ['ops@acme.test'],
    });
    const pick = await screen.findByRole('combobox', { name: 'Filter' });
    await waitFor(() => expect(pick.querySelectorAll('option')).toHaveLength(3)); // Select Filter + 2
    fireEvent.change(pick, { target: { value: 'stock_status' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Filter' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Out Of Stock' }));
    expect(screen.getByRole('combobox', { name: 'Time Zone' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.querySelector('.ss-banner')?.textContent).toBe('Saved'));
    const [[, , body]] = posts('report-mailers/save') as [[string, string, Record<string, unknown>]];
    expect(body).toMatchObject({ name: 'Weekly stock', distribution: 'email', timeZone: 'Asia/Kolkata' });
    expect(body.filters).toEqual({ stock_status: '2' });
  });
});
