import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { queryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* The seed's timings: success 2 s, other toasts 4 s, loading until dismissed. */}
      <Toaster
        position="top-center"
        // A toast placed at the bottom clears a phone's bottom navigation bar.
        containerClassName="max-md:bottom-20!"
        toastOptions={{
          duration: 4000,
          success: { duration: 2000 },
          style: { color: '#0f172a' },
        }}
      />
    </QueryClientProvider>
  );
}
