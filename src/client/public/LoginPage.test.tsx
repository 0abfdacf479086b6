// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './LoginPage.js';
import { toasts } from '../services/toast.js';

const api = vi.hoisted(() => ({
  authenticate: vi.fn(),
  verifyOtp: vi.fn(),
  resendOtp: vi.fn(),
  trustBrowser: vi.fn(),
  selectGroup: vi.fn(),
  sessionValidity: vi.fn(),
  forgotPassword: vi.fn(),
  microsoftAvailable: vi.fn(),
}));
vi.mock('../api/authApi.js', () => ({ authApi: api }));

const selection = {
  menuList: [],
  activityList: ['stock/kpi'],
  submenuList: [],
  pass_day_left: 80,
  last_crawl_date: {},
  loginTime: 't',
  groupName: 'Demo Brands',
  groupId: 1,
};

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/public/login', element: <LoginPage /> },
      { path: '/workspace', element: <p>workspace</p> },
    ],
    { initialEntries: ['/public/login'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const type = (name: string, value: string) =>
  fireEvent.change(document.querySelector(`input[name=${name}]`)!, { target: { value } });
const click = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
    // Let the mocked calls and the state updates behind them settle.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.sessionValidity.mockResolvedValue({ userId: 1, loginTime: 't' });
  api.selectGroup.mockResolvedValue(selection);
  api.microsoftAvailable.mockResolvedValue({ enabled: false });
});
afterEach(() => {
  cleanup();
  toasts.items = [];
});

describe('LoginPage', () => {
  it('shows the spec messages for blank fields', async () => {
    renderLogin();
    await click('Log in');
    expect(screen.getByText('User Name can not be blank.')).toBeTruthy();
    expect(screen.getByText('Password can not be blank.')).toBeTruthy();
    expect(api.authenticate).not.toHaveBeenCalled();
  });

  it('credentials -> OTP -> trust -> the one group chosen automatically -> /workspace', async () => {
    api.authenticate.mockResolvedValue({ settrustbrowser: false, org_list: [] });
    api.verifyOtp.mockResolvedValue({
      settrustbrowser: false,
      org_list: [{ id: 1, group_name: 'Demo Brands', status: 1 }],
    });
    api.trustBrowser.mockResolvedValue({});
    const router = renderLogin();
    type('username', 'Demo@Shelfscope.TEST');
    type('password', 'Demo@2026!');
    await click('Log in');
    expect(api.authenticate).toHaveBeenCalledWith('demo@shelfscope.test', 'Demo@2026!');
    type('otp', '12345');
    await click('Verify');
    expect(toasts.items[0]).toMatchObject({ message: 'Enter Valid OTP', title: 'OTP ERROR' });
    type('otp', '123456');
    await click('Verify');
    expect(screen.getByText('Trust This Browser?')).toBeTruthy();
    await click('Trust');
    expect(api.trustBrowser).toHaveBeenCalled();
    expect(api.selectGroup).toHaveBeenCalledWith(1);
    expect(router.state.location.pathname).toBe('/workspace');
  });

  it('lists several groups with expired ones disabled and the tooltip', async () => {
    api.authenticate.mockResolvedValue({
      settrustbrowser: true,
      org_list: [
        { id: 1, group_name: 'Demo Brands', status: 1 },
        { id: 3, group_name: 'Legacy Retail', status: 0 },
      ],
    });
    renderLogin();
    type('username', 'multi@shelfscope.test');
    type('password', 'Demo@2026!');
    await click('Log in');
    const expired = screen.getByTitle('Group Expired, Please Contact Admin');
    expect((expired as HTMLButtonElement).disabled).toBe(true);
    expect(api.selectGroup).not.toHaveBeenCalled();
  });

  it('shows the no-group message with a link back to login', async () => {
    api.authenticate.mockResolvedValue({ settrustbrowser: true, org_list: [] });
    renderLogin();
    type('username', 'nogroup@shelfscope.test');
    type('password', 'Demo@2026!');
    await click('Log in');
    expect(screen.getByText(/You have not assigned to any group, Please contact admin/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('clears the password and marks the credentials invalid when refused', async () => {
    api.authenticate.mockRejectedValue({ response: { data: { statusCode: 0, msg: 'Wrong Credentials' } } });
    renderLogin();
    type('username', 'demo@shelfscope.test');
    type('password', 'nope');
    await click('Log in');
    expect(screen.getByText('Invalid Credentials')).toBeTruthy();
    expect((document.querySelector('input[name=password]') as HTMLInputElement).value).toBe('');
    expect(toasts.items[0]?.message).toBe('Wrong Credentials');
  });
});
