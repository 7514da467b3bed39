import { createContext } from 'react';
import type { ToastAction } from './toast-queue';

export type ToastOptions = { action?: ToastAction };

export type ToastApi = {
  error: (message: string, options?: ToastOptions) => string;
  success: (message: string, options?: ToastOptions) => string;
  dismiss: (id: string) => void;
};

export const ToastContext = createContext<ToastApi | null>(null);
