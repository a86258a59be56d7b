import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DevOutbox, Ok } from '@/types/api';

/** What the shop would have mailed and sent on WhatsApp (`DEV_OUTBOX`, decisions D45). */
export const getDevOutbox = (signal?: AbortSignal) => api.get<Ok<DevOutbox>>('/dev/outbox', { signal });

/** Read every few seconds, so a message the shop sends shows while the page is open. */
export const useDevOutbox = () =>
  useQuery({
    queryKey: queryKeys.devOutbox(),
    queryFn: ({ signal }) => getDevOutbox(signal),
    refetchInterval: 3000,
    // A shop without DEV_OUTBOX answers 404: asking again changes nothing.
    retry: false,
  });

/** A quick reply tapped as the buyer: the server takes it exactly as WhatsApp's reply. */
export const useTapReply = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, payload }: { messageId: string; payload: string }) =>
      api.post<Ok<{ message: string }>>(`/dev/outbox/whatsapp/${encodeURIComponent(messageId)}/reply`, { payload }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.devOutbox() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]),
  });
};
