import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * Runs an admin form's save and toasts the outcome: `success(reply)`, or the server's message
 * for a refusal (else `failure`). Resolves to whether it saved, which the form uses to reset
 * or close.
 */
export async function saveWithToast<Reply>(
  save: () => Promise<Reply>,
  success: (reply: Reply) => string,
  failure: string,
): Promise<boolean> {
  try {
    notify.success(success(await save()));
    return true;
  } catch (error) {
    notify.error(errorMessage(error, failure));
    return false;
  }
}
