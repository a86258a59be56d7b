import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** What a list query looks like to the table: react-query's result fits as is. */
export type ListState<T> = { isPending: boolean; isError: boolean; data: T[] | undefined };

type AdminTableProps<T> = {
  list: ListState<T>;
  /** The spinner's label, the error and the empty-list notices. */
  loading: string;
  failed: string;
  empty: string;
  /** Column headings: text, or a control (a select-all box). */
  headers: readonly ReactNode[];
  /** One row's cells (`<td>`s), in the order of `headers`. */
  cells: (item: T) => ReactNode;
  /** A class for a row (a selected one). */
  rowClassName?: (item: T) => string | undefined;
};

/** Every admin list: a spinner, a failure or empty notice, or the table. */
export function AdminTable<T extends { _id: string }>({
  list,
  loading,
  failed,
  empty,
  headers,
  cells,
  rowClassName,
}: AdminTableProps<T>) {
  if (list.isPending) return <Spinner label={loading} />;
  if (list.isError || !list.data) return <p className="notice notice-danger">{failed}</p>;
  if (list.data.length === 0) return <p className="notice">{empty}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            {headers.map((h, i) => (
              <th key={typeof h === 'string' ? h : i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.data.map((item) => (
            <tr key={item._id} className={rowClassName?.(item)}>
              {cells(item)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The Edit cell's button. */
export function EditButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="btn btn-secondary btn-sm" onClick={onClick}>
      Edit
    </button>
  );
}
