import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

type DeleteButtonProps<Reply, Id> = {
  /** The delete mutation, shared by the table's rows (one delete at a time). */
  mutation: UseMutationResult<Reply, Error, Id>;
  id: Id;
  /** The question `window.confirm` asks first. */
  confirm: string;
  /** The success toast, from the server's reply. */
  success: (reply: Reply) => string;
  /** The error toast when the server gives no message of its own. */
  failure: string;
  /** Why the button is off, if it is (shown as its tooltip). */
  disabledReason?: string;
  onDone?: () => void;
};

/** Every admin table's Delete: asks first, then toasts what the server said. */
export function DeleteButton<Reply, Id>(props: DeleteButtonProps<Reply, Id>) {
  const { mutation, id, confirm, success, failure, disabledReason, onDone } = props;
  return (
    <button
      type="button"
      className="btn btn-danger btn-sm"
      disabled={disabledReason !== undefined || mutation.isPending}
      title={disabledReason}
      onClick={() => {
        if (!window.confirm(confirm)) return;
        mutation.mutate(id, {
          onSuccess: (reply) => {
            notify.success(success(reply));
            onDone?.();
          },
          onError: (error) => notify.error(errorMessage(error, failure)),
        });
      }}
    >
      Delete
    </button>
  );
}
