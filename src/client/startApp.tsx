import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { http } from './api/http.js';
import { installInterceptors } from './api/interceptors.js';
import { App, router } from './App.js';
import { readModeHeaders } from './shell/readMode.js';
import './shell/base.css';

/** Only signed-in pages react to a lost session; the public pages handle their own 401s. */
const onSignedInPage = () => !router.state.location.pathname.startsWith('/public');

installInterceptors(http, {
  readModeHeaders,
  // The login page forgets the old session when it mounts (clearing it here, under mounted
  // workspace routes, would make them redirect to the landing page instead).
  onSessionExpired: () => void router.navigate('/public/login', { replace: true }),
  onUnauthorized: () => {
    if (onSignedInPage()) void router.navigate('/public/login', { replace: true });
  },
});

/** Mounts the app; main.tsx calls it once the bundle's parts are evaluated. */
export function startApp(): void {
  // The first render as a transition: React renders it in slices with the browser free in between
  // (docs/bench.md, long tasks), instead of one task right after the bundle's evaluation.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
