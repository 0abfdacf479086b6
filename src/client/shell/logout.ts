import type { NavigateFunction } from 'react-router-dom';
import { authApi } from '../api/authApi.js';
import { notify } from './toast.js';
import { clearSession } from './sessionStore.js';

/** Logout: the call; on success forget the stored token and user; then the login page. */
export async function logout(navigate: NavigateFunction): Promise<void> {
  try {
    await authApi.logout();
    clearSession();
  } catch {
    notify.error('Something went wrong. Try again.');
  }
  void navigate('/public/login', { replace: true });
}
