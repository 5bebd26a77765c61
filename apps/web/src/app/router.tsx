// Routes compose features. The public layout and the home page ship in the
// first bundle; every other route loads its code on demand.
import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '../config/paths';
import { HomePage } from '../features/marketing/components/home-page';
import { AppLoading } from './app-loading';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';

const areaPages = () => import('./routes/area-pages');
const page = (name: keyof Awaited<ReturnType<typeof areaPages>>) => async () => ({
  Component: (await areaPages())[name],
});

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        path: paths.home,
        Component: PublicLayout,
        children: [
          { index: true, Component: HomePage },
          { path: 'about', lazy: () => import('./routes/about') },
          { path: 'contact', lazy: () => import('./routes/contact') },
          { path: 'get-started', lazy: () => import('./routes/get-started') },
          { path: 'request-demo', lazy: () => import('./routes/request-demo') },
          { path: 'no-account', lazy: () => import('./routes/no-account') },
          { path: 'login', lazy: () => import('./routes/login') },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
      {
        path: paths.researcher.root,
        lazy: () => import('./layouts/researcher-layout'),
        children: [
          { index: true, lazy: page('ResearcherHome') },
          { path: 'search', lazy: () => import('./routes/search') },
          { path: 'message', lazy: () => import('./routes/messages') },
          { path: 'grants', lazy: () => import('./routes/my-grants') },
          { path: 'profile', lazy: page('ResearcherProfile') },
          { path: 'grant/:id', lazy: () => import('./routes/grant-details') },
          { path: 'settings', lazy: () => import('./routes/settings') },
          { path: '*', lazy: page('ResearcherNotFound') },
        ],
      },
      {
        path: paths.admin.root,
        lazy: () => import('./layouts/admin-layout'),
        children: [
          { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
          { path: 'dashboard', lazy: page('AdminDashboard') },
          { path: 'search', lazy: () => import('./routes/search') },
          { path: 'grant/:id', lazy: () => import('./routes/grant-details') },
          { path: 'message', lazy: () => import('./routes/messages') },
          { path: 'manage', lazy: page('AdminManage') },
          { path: 'grants', lazy: page('AdminGrants') },
          { path: 'researcher/:id', lazy: page('AdminResearcher') },
          { path: 'settings', lazy: () => import('./routes/settings') },
          { path: '*', lazy: page('AdminNotFound') },
        ],
      },
    ],
  },
]);
