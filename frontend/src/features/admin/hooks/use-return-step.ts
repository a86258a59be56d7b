import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { Return } from '@/types/api';
import { useReturnAction, type ReturnAction, type ReturnActionReply } from '../api/returns';

/** What each step says when the server's reply carries no message of its own. */
export const DONE_TEXT: Record<ReturnAction['step'], string> = {
  approve: 'Return approved',
  reject: 'Return rejected',
  'picked-up': 'Return picked up',
  receive: 'Return received',
  complete: 'Return completed',
};

/**
 * Sends one step and says how it went: the server's message (or the step's) as a success toast,
 * a refusal in the server's words as an error toast and beside the form. Resolves to whether it
 * moved.
 */
export function useReturnStep(ret: Return) {
  const action = useReturnAction();
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (step: ReturnAction): Promise<boolean> => {
    setRefusal(null);
    try {
      const reply: ReturnActionReply = await action.mutateAsync({ id: ret._id, ...step });
      notify.success(reply.message || DONE_TEXT[step.step]);
      return true;
    } catch (error) {
      const message = errorMessage(error, 'Failed to update the return');
      setRefusal(message);
      notify.error(message);
      return false;
    }
  };
  return { run, pending: action.isPending, refusal };
}
