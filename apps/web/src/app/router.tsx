// Routes compose features. The public site (layout and pages) ships in the
// first bundle, so any of its pages paints after one script; the lead and
// sign-in forms load their code from there, and the signed-in areas load
// theirs on demand. Decision 011. Entering a signed-in area starts the
// session check along with the area's code, and the busiest pages' loaders
// (route-data.ts) ask for their data along with theirs, not after it.
// Decision 051.
import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '../config/paths';
import { meQuery } from '../features/auth/hooks/use-me';
import { LoginPage } from '../features/auth/components/login-page';
import { ContactPage } from '../features/leads/components/contact-page';
import { GetStartedPage } from '../features/leads/components/get-started-page';
import { RequestDemoPage } from '../features/leads/components/request-demo-page';
import { AboutPage } from '../features/marketing/components/about-page';
import { HomePage } from '../features/marketing/components/home-page';
import { NoAccountPage } from '../features/marketing/components/no-account-page';
import { NotFoundPage } from '../features/marketing/components/not-found-page';
import { AppLoading } from './app-loading';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './route-error';
import {
  adminDashboardData,
  grantData,
  myGrantsData,
  onNewPath,
  researcherHomeData,
  searchData,
} from './route-data';
import { queryClient } from '../lib/query-client';

const areaPages = () => import('./routes/area-pages');
const page = (name: keyof Awaited<ReturnType<typeof areaPages>>) => async () => ({
  Component: (await areaPages())[name],
});

const profilePages = () => import('./routes/profile');
const profilePage = (name: keyof Awaited<ReturnType<typeof profilePages>>) => async () => ({
  Component: (await profilePages())[name],
});

/** A signed-in area's layout, with the session check started at once (its guard reads it). */
const signedInArea =
  <M,>(load: () => Promise<M>) =>
  () => {
    void queryClient.prefetchQuery(meQuery);
    return load();
  };

const accountPages = () => import('./routes/account-pages');
const accountPage = (name: keyof Awaited<ReturnType<typeof accountPages>>) => async () => ({
  Component: (await accountPages())[name],
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
          { path: 'about', Component: AboutPage },
          { path: 'contact', Component: ContactPage },
          { path: 'get-started', Component: GetStartedPage },
          { path: 'request-demo', Component: RequestDemoPage },
          { path: 'no-account', Component: NoAccountPage },
          { path: 'login', Component: LoginPage },
          { path: 'forgot-password', lazy: accountPage('ForgotPasswordPage') },
          { path: 'reset-password', lazy: accountPage('ResetPasswordPage') },
          { path: 'accept-invite', lazy: accountPage('AcceptInvitePage') },
          { path: 'unsubscribe/:token', lazy: accountPage('UnsubscribePage') },
          { path: 'newsletters/unsubscribe/:token', lazy: () => import('./routes/newsletter-unsubscribe') },
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        path: paths.researcher.root,
        lazy: signedInArea(() => import('./layouts/researcher-layout')),
        children: [
          {
            index: true,
            loader: researcherHomeData,
            shouldRevalidate: onNewPath,
            lazy: page('ResearcherHome'),
          },
          {
            path: 'search',
            loader: searchData('researcher'),
            shouldRevalidate: onNewPath,
            lazy: () => import('./routes/search'),
          },
          { path: 'message', lazy: () => import('./routes/messages') },
          {
            path: 'grants',
            loader: myGrantsData,
            shouldRevalidate: onNewPath,
            lazy: () => import('./routes/my-grants'),
          },
          { path: 'profile', lazy: profilePage('MyProfile') },
          { path: 'setup', lazy: () => import('./routes/setup') },
          { path: 'researcher/:id', lazy: profilePage('Researcher') },
          {
            path: 'grant/:id',
            loader: grantData('researcher'),
            shouldRevalidate: onNewPath,
            lazy: () => import('./routes/grant-details'),
          },
          { path: 'applications/:id', lazy: () => import('./routes/application') },
          { path: 'limited-submissions/:id', lazy: () => import('./routes/limited-submission') },
          { path: 'settings', lazy: () => import('./routes/settings') },
          { path: 'notifications', lazy: () => import('./routes/notifications') },
          { path: 'newsletters', lazy: () => import('./routes/newsletters') },
          { path: 'newsletters/:id', lazy: () => import('./routes/newsletters') },
          { path: '*', lazy: page('ResearcherNotFound') },
        ],
      },
      {
        path: paths.admin.root,
        lazy: signedInArea(() => import('./layouts/admin-layout')),
        children: [
          { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
          {
            path: 'dashboard',
            loader: adminDashboardData,
            shouldRevalidate: onNewPath,
            lazy: () => import('./routes/admin-dashboard'),
          },
          {
            path: 'search',
            loader: searchData('admin'),
            shouldRevalidate: onNewPath,
            lazy: () => import('./routes/search'),
          },
          {
            path: 'grant/:id',
            loader: grantData('admin'),
            shouldRevalidate: onNewPath,
            lazy: () => import('./routes/grant-details'),
          },
          { path: 'message', lazy: () => import('./routes/messages') },
          { path: 'manage', lazy: () => import('./routes/manage') },
          { path: 'grants', lazy: () => import('./routes/admin-grants') },
          { path: 'review', lazy: () => import('./routes/admin-review') },
          { path: 'limited-submissions', lazy: () => import('./routes/admin-limited-submissions') },
          { path: 'limited-submissions/:id', lazy: () => import('./routes/limited-submission') },
          { path: 'applications/:id', lazy: () => import('./routes/application') },
          { path: 'researcher/:id', lazy: () => import('./routes/admin-researcher') },
          { path: 'settings', lazy: () => import('./routes/settings') },
          { path: 'notifications', lazy: () => import('./routes/notifications') },
          { path: 'newsletters', lazy: () => import('./routes/newsletters') },
          { path: '*', lazy: page('AdminNotFound') },
        ],
      },
    ],
  },
]);
