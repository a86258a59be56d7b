import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Ok } from '@/types/api';

export const forgotPassword = (input: { email: string }) =>
  api.post<Ok<{ message: string }>>('/auth/forgot-password', input);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
