import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Ok } from '@/types/api';

export type ResetPasswordInput = { email: string; otp: string; password: string };

export const resetPassword = (input: ResetPasswordInput) =>
  api.post<Ok<{ message: string }>>('/auth/reset-password', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
