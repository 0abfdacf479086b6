import { lazy } from 'react';
import { GuardedPage } from '../services/GuardedPage.js';

const ModelSchemaEditorPage = lazy(() => import('./ModelSchemaEditorPage.js'));

/** The schema editor's routes: for roles holding the Model Schemas activity (the API checks again). */
export function ModelSchemaEditorRoute() {
  return (
    <GuardedPage allowed={(snap) => snap.activityList.includes('tracking/modelSchemas')}>
      <ModelSchemaEditorPage />
    </GuardedPage>
  );
}
