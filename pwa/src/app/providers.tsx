import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast-provider';
import { AuthProvider } from '../lib/auth';
import { createQueryClient } from './query-client';

type ProvidersProps = { children: ReactNode; onSignedOut: () => void };

export function Providers({ children, onSignedOut }: ProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ToastProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider onSignedOut={onSignedOut}>{children}</AuthProvider>
      </QueryClientProvider>
    </ToastProvider>
  );
}
