import type { NavigateFunction } from 'react-router-dom';
import { authApi } from '../api/authApi.js';
import { notify } from '../services/toast.js';

/**
 * Logout: the call, then the login page, which forgets the stored session when it mounts.
 * Clearing it here would race the route change: the router renders the new route in a
 * transition, so the still-mounted workspace would see an empty menu first and its guard would
 * redirect to the landing page.
 */
export async function logout(navigate: NavigateFunction): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    notify.error('Something went wrong. Try again.');
  }
  await navigate('/public/login', { replace: true });
}
