import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { LoginPage } from './public/LoginPage.js';
import { VerifyUserPage } from './public/VerifyUserPage.js';
import { AgreementPage } from './shell/AgreementPage.js';
import { WorkspaceLayout } from './shell/WorkspaceLayout.js';
import { AreaRoute, PaxvizRoute, ScreenRoute, WorkspaceIndex } from './shell/routes.js';
import { FaqPage } from './help/FaqPage.js';
import { FeedbackPage } from './help/FeedbackPage.js';
import { ChangePasswordPage } from './shell/ChangePasswordPage.js';
import { ConfigEditorRoute } from './shell/ConfigEditorRoute.js';
import { GroupOverlayRoute } from './shell/GroupOverlayRoute.js';
import { ModelSchemaEditorRoute } from './tracking/ModelSchemaEditorRoute.js';
import { Toaster } from './shell/Toaster.js';
import { AlertHost } from './shell/AlertHost.js';

/** docs/product-spec.md §2 routes: /public (login, verifyuser), /agreement, /workspace and its children; anything else -> /workspace. */
export const routes: RouteObject[] = [
  {
    path: '/public',
    children: [
      { index: true, element: <Navigate to="/public/login" replace /> },
      { path: 'login', element: <LoginPage /> },
      // Sign in with Microsoft comes back here (OIDC_REDIRECT_URL's default).
      { path: 'microsoft', element: <LoginPage /> },
      { path: 'verifyuser', element: <VerifyUserPage /> },
      { path: '*', element: <Navigate to="/public/login" replace /> },
    ],
  },
  { path: '/agreement', element: <AgreementPage /> },
  {
    path: '/workspace',
    element: <WorkspaceLayout />,
    children: [
      { index: true, element: <WorkspaceIndex /> },
      { path: 'resetpassword', element: <ChangePasswordPage /> },
      { path: 'faq/*', element: <FaqPage /> },
      { path: 'feedbackSupport/*', element: <FeedbackPage /> },
      { path: 'config/editor', element: <ConfigEditorRoute /> },
      { path: 'config/overlay', element: <GroupOverlayRoute /> },
      { path: 'tracking/modelSchema/add', element: <ModelSchemaEditorRoute /> },
      { path: 'tracking/modelSchema/edit/:id', element: <ModelSchemaEditorRoute /> },
      { path: 'paxviz', element: <WorkspaceIndex /> },
      { path: 'paxviz/:name', element: <PaxvizRoute /> },
      { path: ':area', element: <AreaRoute /> },
      { path: ':area/:screen', element: <ScreenRoute /> },
      { path: '*', element: <Navigate to="/workspace" replace /> },
    ],
  },
  { path: '*', element: <Navigate to="/workspace" replace /> },
];

export const router = createBrowserRouter(routes);

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <Toaster />
      <AlertHost />
    </>
  );
}
