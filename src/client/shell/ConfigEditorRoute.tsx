import { lazy } from 'react';
import { GuardedPage } from '../services/GuardedPage.js';

// CodeMirror and the editor load only here, so neither the login page nor a screen pays for them.
const ConfigEditorPage = lazy(() => import('../editor/ConfigEditorPage.js'));

/** /workspace/config/editor: platform staff only; anyone else goes to their landing page (the API answers them 403). */
export function ConfigEditorRoute() {
  return (
    <GuardedPage allowed={(snap) => snap.isStaff}>
      <ConfigEditorPage />
    </GuardedPage>
  );
}
