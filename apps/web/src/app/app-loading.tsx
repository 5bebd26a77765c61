import { LoadingState } from '../components/ui/loading-state';

/** Shown while the first route's code or the session check loads. */
export function AppLoading({ label = 'Loading GrantBridge…' }: { label?: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50">
      <LoadingState label={label} />
    </main>
  );
}
