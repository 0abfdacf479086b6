import type { NavigateFunction } from 'react-router-dom';
import { authApi } from '../api/authApi.js';
import { notify } from './toast.js';
import { clearSession } from './sessionStore.js';

/**
 * Logout: the call; on success forget the stored token and user; then the login page.
 * The session is cleared only once the workspace has left the screen: cleared earlier, the
 * workspace's route guards see an empty menu and redirect to the landing page instead.
 */
export async function logout(navigate: NavigateFunction): Promise<void> {
  let loggedOut = false;
  try {
    await authApi.logout();
    loggedOut = true;
  } catch {
    notify.error('Something went wrong. Try again.');
  }
  await navigate('/public/login', { replace: true });
  if (loggedOut) clearSession();
}
