import type { Product } from '@/types/api';
import { useDeleteProduct } from '../api/delete-product';
import { formatDiscountList, formatPriceList, formatStock } from '../utils/admin-format';
import { AdminTable, EditButton, type ListState } from './admin-table';
import { DeleteButton } from './delete-button';

type ProductsTableProps = { list: ListState<Product>; onEdit: (product: Product) => void };

/**
 * Product Id, Name (a draft marked `Draft`), Category, Price and Discount per variant, Quantity
 * (per size when tracked), Edit, Delete.
 */
export function ProductsTable({ list, onEdit }: ProductsTableProps) {
  const remove = useDeleteProduct();
  return (
    <AdminTable
      list={list}
      loading="Loading products"
      failed="Failed to fetch products"
      empty="No products yet."
      headers={['Product Id', 'Name', 'Category', 'Price', 'Discount', 'Quantity']}
      actions={['Edit', 'Delete']}
      cells={(p) => (
        <>
          <td className="admin-id">{p.product_id ?? ''}</td>
          <td>
            {p.name}
            {p.published === false ? (
              <>
                {' '}
                <span className="badge badge-neutral" title="Only admins see it; nobody can order it">
                  Draft
                </span>
              </>
            ) : null}
          </td>
          <td>{p.category?.name ?? ''}</td>
          <td>{formatPriceList(p.price)}</td>
          <td>{formatDiscountList(p.discount)}</td>
          <td>{formatStock(p)}</td>
          <td>
            <EditButton onClick={() => onEdit(p)} />
          </td>
          <td>
            <DeleteButton
              mutation={remove}
              id={p._id}
              confirm={`Delete ${p.name}?`}
              success={() => `${p.name} deleted Successfully`}
              failure="Failed to delete product."
            />
          </td>
        </>
      )}
    />
  );
}
