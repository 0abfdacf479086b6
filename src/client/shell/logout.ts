import type { NavigateFunction } from 'react-router-dom';
import { authApi } from '../api/authApi.js';
import { notify } from './toast.js';

/**
 * Logout: the call, then the login page, which forgets the stored token and user when it mounts
 * (clearing the menu under mounted workspace routes would make them redirect).
 */
export async function logout(navigate: NavigateFunction): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    notify.error('Something went wrong. Try again.');
  }
  await navigate('/public/login', { replace: true });
}
