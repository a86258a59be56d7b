import type { Product } from '@/types/api';
import { useDeleteProduct } from '../api/delete-product';
import { formatDiscountList, formatPriceList } from '../utils/admin-format';
import { DeleteButton } from './delete-button';

type ProductsTableProps = { products: Product[]; onEdit: (product: Product) => void };

/** Product Id, Name, Category, Price and Discount per variant, Quantity, Edit, Delete. */
export function ProductsTable({ products, onEdit }: ProductsTableProps) {
  const remove = useDeleteProduct();
  if (products.length === 0) return <p className="notice">No products yet.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Product Id</th>
            <th scope="col">Name</th>
            <th scope="col">Category</th>
            <th scope="col">Price</th>
            <th scope="col">Discount</th>
            <th scope="col">Quantity</th>
            <th scope="col">Edit</th>
            <th scope="col">Delete</th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p._id}>
              <td className="admin-id">{p.product_id ?? ''}</td>
              <td>{p.name}</td>
              <td>{p.category?.name ?? ''}</td>
              <td>{formatPriceList(p.price)}</td>
              <td>{formatDiscountList(p.discount)}</td>
              <td>{p.quantity}</td>
              <td>
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => onEdit(p)}>
                  Edit
                </button>
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
