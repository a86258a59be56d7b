import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

type InvalidatingMutationOptions<TData, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The queries that show what the call changes: refetched once it is over. */
  invalidates: readonly QueryKey[];
  /** 'settled' (the default): refetched whether the call worked or not; 'success': only when it worked. */
  refetchAfter?: 'settled' | 'success';
  onSuccess?: (data: TData, variables: TVariables) => void;
};

/** A mutation that refetches the queries it changes, the way every write of the shop does. */
export function useInvalidatingMutation<TData, TVariables>({
  mutationFn,
  invalidates,
  refetchAfter = 'settled',
  onSuccess,
}: InvalidatingMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  const refetch = () => {
    for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
  };
  return useMutation({
    mutationFn,
    onSuccess: (data: TData, variables: TVariables) => {
      onSuccess?.(data, variables);
      if (refetchAfter === 'success') refetch();
    },
    onSettled: () => {
      if (refetchAfter === 'settled') refetch();
    },
  });
}
