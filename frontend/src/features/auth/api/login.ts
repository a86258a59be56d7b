import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Ok, User } from '@/types/api';

export type LoginInput = { email: string; password: string };
export type LoginReply = Ok<{ message: string; user: User; token: string; _id: string }>;

export const login = (input: LoginInput) => api.post<LoginReply>('/auth/login', input);

export const useLogin = () => useMutation({ mutationFn: login });
