import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
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
  /**
   * The headings of the last columns, after `headers`, whose cells are a row's buttons (`Edit`,
   * `Delete`): on a phone they sit side by side at the foot of the row's card, unlabelled.
   */
  actions?: readonly string[];
  /** One row's cells (`<td>`s), in the order of `headers` then `actions`. */
  cells: (item: T) => ReactNode;
  /** A class for a row (a selected one). */
  rowClassName?: (item: T) => string | undefined;
};

type CellProps = { className?: string; 'data-label'?: string; role?: string };

/** A row's `<td>`s, its fragments opened (a screen's own cells come inside one). */
function cellsOf(node: ReactNode): ReactElement<CellProps>[] {
  const found: ReactElement<CellProps>[] = [];
  Children.forEach(node, (child) => {
    if (!isValidElement<{ children?: ReactNode }>(child)) return;
    if (child.type === Fragment) found.push(...cellsOf(child.props.children));
    else found.push(child as ReactElement<CellProps>);
  });
  return found;
}

/**
 * Every admin list: a spinner, a failure or empty notice, or the table. Below 640 px each row is a
 * card (decisions D50): every cell on a line of its own, named by its column's heading (each
 * `<td>` is given it as `data-label`), the row's buttons side by side at its foot.
 */
export function AdminTable<T extends { _id: string }>({
  list,
  loading,
  failed,
  empty,
  headers,
  actions = [],
  cells,
  rowClassName,
}: AdminTableProps<T>) {
  if (list.isPending) return <Spinner label={loading} />;
  if (list.isError || !list.data) return <p className="notice notice-danger">{failed}</p>;
  if (list.data.length === 0) return <p className="notice">{empty}</p>;
  const labels = [...headers.map((h) => (typeof h === 'string' ? h : '')), ...actions];
  // A phone's cards are blocks, not a table's boxes: the roles keep them a table to a screen reader.
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" role="table">
        <thead role="rowgroup">
          <tr role="row">
            {headers.map((h, i) => (
              <th
                key={typeof h === 'string' ? h : i}
                scope="col"
                role="columnheader"
                className={typeof h === 'string' ? undefined : 'admin-th-control'}
              >
                {h}
              </th>
            ))}
            {actions.map((h) => (
              <th key={h} scope="col" role="columnheader">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {list.data.map((item) => (
            <tr key={item._id} role="row" className={rowClassName?.(item)}>
              {cellsOf(cells(item)).map((cell, i) =>
                cloneElement(cell, {
                  key: i,
                  role: 'cell',
                  'data-label': labels[i] || undefined,
                  className:
                    i >= headers.length
                      ? [cell.props.className, 'admin-action'].filter(Boolean).join(' ')
                      : cell.props.className,
                }),
              )}
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
