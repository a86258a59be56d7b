import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { saveWithToast } from '../utils/save-with-toast';
import { AdminModal } from './admin-modal';
import { AdminTable, EditButton, type ListState } from './admin-table';
import { DeleteButton } from './delete-button';

/** What a screen's form takes: the same form creates above the table and edits in the modal. */
export type AdminFormProps<Input> = {
  submitLabel: string;
  submitting: boolean;
  /** Resolves to whether it saved: a create form then empties, an edit form closes. */
  onSubmit: (input: Input) => Promise<boolean>;
  onCancel?: () => void;
};

type Save<Variables, Input, Reply> = {
  mutation: { isPending: boolean; mutateAsync: (variables: Variables) => Promise<Reply> };
  /** The success toast, from the server's reply and what was sent. */
  success: (reply: Reply, input: Input) => string;
  /** The error toast when the server gives no message of its own. */
  failure: string;
};

type AdminCrudScreenProps<Item extends { _id: string }, Input, CreateReply, UpdateReply, DeleteReply> = {
  /** The headings above the form and above the table. */
  createHeading: string;
  listHeading: string;
  list: ListState<Item>;
  table: { loading: string; failed: string; empty: string; headers: readonly string[] };
  /** An item's own cells, before its Edit and Delete. */
  cells: (item: Item) => ReactNode;
  /** The screen's form, given the item when it edits one. */
  form: (props: AdminFormProps<Input>, editing?: Item) => ReactNode;
  editTitle: (item: Item) => string;
  create: Save<Input, Input, CreateReply>;
  update: Save<Input & { id: string }, Input, UpdateReply>;
  remove: {
    mutation: UseMutationResult<DeleteReply, Error, string>;
    confirm: (item: Item) => string;
    success: (reply: DeleteReply, item: Item) => string;
    failure: string;
  };
};

/** An admin list the admin creates, edits and deletes in: the form, the table with Edit and Delete, the edit modal. */
export function AdminCrudScreen<Item extends { _id: string }, Input, CreateReply, UpdateReply, DeleteReply>({
  createHeading,
  listHeading,
  list,
  table,
  cells,
  form,
  editTitle,
  create,
  update,
  remove,
}: AdminCrudScreenProps<Item, Input, CreateReply, UpdateReply, DeleteReply>) {
  const [editing, setEditing] = useState<Item | null>(null);

  return (
    <>
      <h2>{createHeading}</h2>
      {form({
        submitLabel: 'Create',
        submitting: create.mutation.isPending,
        onSubmit: (input) =>
          saveWithToast(
            () => create.mutation.mutateAsync(input),
            (reply) => create.success(reply, input),
            create.failure,
          ),
      })}
      <h2>{listHeading}</h2>
      <AdminTable
        list={list}
        loading={table.loading}
        failed={table.failed}
        empty={table.empty}
        headers={table.headers}
        actions={['Edit', 'Delete']}
        cells={(item) => (
          <>
            {cells(item)}
            <td>
              <EditButton onClick={() => setEditing(item)} />
            </td>
            <td>
              <DeleteButton
                mutation={remove.mutation}
                id={item._id}
                confirm={remove.confirm(item)}
                success={(reply) => remove.success(reply, item)}
                failure={remove.failure}
              />
            </td>
          </>
        )}
      />
      {editing ? (
        <AdminModal title={editTitle(editing)} onClose={() => setEditing(null)}>
          {form(
            {
              submitLabel: 'Save',
              submitting: update.mutation.isPending,
              onCancel: () => setEditing(null),
              onSubmit: async (input) => {
                const saved = await saveWithToast(
                  () => update.mutation.mutateAsync({ id: editing._id, ...input }),
                  (reply) => update.success(reply, input),
                  update.failure,
                );
                if (saved) setEditing(null);
                return saved;
              },
            },
            editing,
          )}
        </AdminModal>
      ) : null}
    </>
  );
}
