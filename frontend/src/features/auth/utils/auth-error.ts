import { ApiError } from '@/lib/api-client';

/** Registration and login show the server's message, or 'Something went wrong' when it can't be reached. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError && !error.isNetworkError && error.status < 500 && error.message) return error.message;
  return 'Something went wrong';
}
