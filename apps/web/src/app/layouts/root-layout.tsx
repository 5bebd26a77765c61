import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Wraps every route: scroll restoration and a thin bar while a route's code loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' ? (
        <div
          className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100"
          aria-hidden="true"
        >
          <div className="route-progress h-full w-2/5 bg-brand-700" />
        </div>
      ) : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
