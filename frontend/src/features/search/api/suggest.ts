import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { Suggestion, SuggestReply } from '@/types/api';

/** Letters typed before the server is asked: one letter matches half the shop. */
export const SUGGEST_MIN_CHARS = 2;
/** How long typing must pause before the server is asked. */
export const SUGGEST_SETTLE_MS = 150;

/** `GET /product/suggest?q=`: at most five products, best first. */
export async function getSuggestions(q: string, signal?: AbortSignal): Promise<Suggestion[]> {
  const reply = await api.get<Partial<SuggestReply>>('/product/suggest', { signal, params: { q } });
  return Array.isArray(reply.products) ? reply.products : [];
}

/** The suggestions for what is typed, once typing pauses; the last ones stay while the next load. */
export function useSuggestions(typed: string) {
  const q = useDebouncedValue(typed.trim(), SUGGEST_SETTLE_MS);
  const enabled = q.length >= SUGGEST_MIN_CHARS;
  const query = useQuery({
    queryKey: ['products', 'suggest', q],
    queryFn: ({ signal }) => getSuggestions(q, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    meta: { logOnly: 'Failed to load suggestions' },
  });
  return enabled && typed.trim().length >= SUGGEST_MIN_CHARS ? (query.data ?? []) : [];
}
