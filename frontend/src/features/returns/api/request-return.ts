import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { queryKeys } from '@/lib/query-keys';
import type { Ok, Return, ReturnRequestBody } from '@/types/api';

export type ReturnReply = Ok<{ return: Return }>;

/**
 * `POST /return/request` (decisions section 16): 201 `Return requested` with the return; the
 * refusals (400 `Return window has closed`, 409 `Only N left of NAME (LABEL)`...) come back as
 * `ApiError`s carrying the server's words.
 */
export const requestReturn = (body: ReturnRequestBody) => api.post<ReturnReply>('/return/request', body);

export const useRequestReturn = () =>
  useInvalidatingMutation({
    mutationFn: requestReturn,
    refetchAfter: 'success',
    // An exchange takes its new size from stock: the product pages show it. The order's
    // `actions.returnable` now leaves out the pairs asked for.
    invalidates: [queryKeys.returns.all, queryKeys.products.all, queryKeys.orders.all],
  });
