import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { queryKeys } from '@/lib/query-keys';
import type { CompleteBody, Ok, ReceiveBody, RejectBody, Return, ReturnStatus } from '@/types/api';

/** `GET /return/all` (admin), every return or, with `status`, those in it; newest first. */
export const getAllReturns = async (status: ReturnStatus | '', signal?: AbortSignal): Promise<Return[]> => {
  const reply = await api.get<Ok<{ returns: Return[] }>>('/return/all', { params: { status }, signal });
  return Array.isArray(reply.returns) ? reply.returns : [];
};

export const allReturnsQueryOptions = (status: ReturnStatus | '') =>
  queryOptions({
    queryKey: queryKeys.returns.admin(status),
    queryFn: ({ signal }) => getAllReturns(status, signal),
    meta: { errorToast: 'Failed to fetch returns' },
  });

export const useAllReturns = (status: ReturnStatus | '') => useQuery(allReturnsQueryOptions(status));

/** One admin step of a return (decisions section 16) and its body. */
export type ReturnAction =
  | { step: 'approve' }
  | { step: 'reject'; body: RejectBody }
  | { step: 'picked-up' }
  | { step: 'receive'; body: ReceiveBody }
  | { step: 'complete'; body: CompleteBody };

export type ReturnActionInput = { id: string } & ReturnAction;
export type ReturnActionReply = Ok<{ return: Return }>;

/**
 * `PUT /return/{step}/{id}`: `{success, return}`; a step out of order is a 409 `Return is
 * STATUS`, the same step again changes nothing.
 */
export const runReturnAction = (input: ReturnActionInput) =>
  api.put<ReturnActionReply>(
    `/return/${input.step}/${encodeURIComponent(input.id)}`,
    'body' in input ? input.body : undefined,
  );

export const useReturnAction = () =>
  useInvalidatingMutation({
    mutationFn: runReturnAction,
    // Receiving restocks, a pickup ships the replacement order, completing refunds: all show elsewhere.
    invalidates: [queryKeys.returns.all, queryKeys.orders.all, queryKeys.products.all, queryKeys.admin.stats()],
  });
