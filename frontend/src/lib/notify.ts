import { toast, type Id } from 'react-toastify';

/** A toastId makes a repeated toast replace the visible one instead of stacking. */
type Options = { toastId?: Id };
import { TOAST_DEFAULT_MS, TOAST_SUCCESS_MS } from '@/config/constants';

/** Toasts with the spec's durations: error and plain 4000 ms, success 2000 ms, loading until replaced. */
export const notify = {
  success: (message: string, options?: Options) => toast.success(message, { ...options, autoClose: TOAST_SUCCESS_MS }),
  error: (message: string, options?: Options) => toast.error(message, { ...options, autoClose: TOAST_DEFAULT_MS }),
  info: (message: string, options?: Options) => toast(message, { ...options, autoClose: TOAST_DEFAULT_MS }),
  loading: (message: string) => toast.loading(message),
  /** Replace a loading toast with its outcome. */
  resolve: (id: Id, type: 'success' | 'error', message: string) =>
    toast.update(id, {
      render: message,
      type,
      isLoading: false,
      autoClose: type === 'success' ? TOAST_SUCCESS_MS : TOAST_DEFAULT_MS,
      closeButton: true,
    }),
  dismiss: (id?: Id) => toast.dismiss(id),
};
