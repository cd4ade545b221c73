import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { AuthProvider } from '#client/features/auth/components/auth-provider.tsx';
import { createQueryClient } from '#client/lib/query-client.ts';
import { AppErrorBoundary } from './app-error-boundary.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { handleLoginExpired } from './login-expiry.ts';
import { AppRouter } from './router.tsx';
import { ThemeSync } from './theme-sync.tsx';

export function App() {
  const [queryClient] = useState(() => createQueryClient({ onLoginExpired: handleLoginExpired }));

  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ThemeSync />
          <AppLayout>
            <AppRouter />
          </AppLayout>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
