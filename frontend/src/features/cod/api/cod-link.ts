import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CodLink, Ok } from '@/types/api';

const linkPath = (token: string) => `/cod/${encodeURIComponent(token)}`;

/** The order a COD link names; reading it changes nothing (decisions D39). */
export const getCodLink = (token: string, signal?: AbortSignal) => api.get<Ok<CodLink>>(linkPath(token), { signal });

/** Opens the link: never retried on a refusal (a forged link stays refused). */
export const useCodLink = (token: string) =>
  useQuery({
    queryKey: queryKeys.codLink(token),
    queryFn: ({ signal }) => getCodLink(token, signal),
    retry: false,
  });

/** `Confirm order` / `Cancel order`: the page then shows what the server answered. */
export const useCodAnswer = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'confirm' | 'cancel') => api.post<Ok<CodLink>>(`${linkPath(token)}/${answer}`),
    onSuccess: (reply) => queryClient.setQueryData(queryKeys.codLink(token), reply),
  });
};
