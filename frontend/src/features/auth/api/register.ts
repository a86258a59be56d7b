import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Ok } from '@/types/api';

export type RegisterInput = {
  name: string;
  email: string;
  password: string;
  phone: string;
  address: string;
  /** null on the first step (send the code); the code from the mail on the second. */
  otp: string | null;
};
export type RegisterReply = Ok<{ message: string }>;

export const register = (input: RegisterInput) => api.post<RegisterReply>('/auth/register', input);

export const useRegister = () => useMutation({ mutationFn: register });
