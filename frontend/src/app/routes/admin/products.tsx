import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useCreateProduct } from '@/features/admin/api/create-product';
import { useSellers } from '@/features/admin/api/get-sellers';
import { useUpdateProduct } from '@/features/admin/api/update-product';
import { AdminModal } from '@/features/admin/components/admin-modal';
import { ProductForm } from '@/features/admin/components/product-form';
import { ProductsTable } from '@/features/admin/components/products-table';
import { buildProductFormData, productToForm } from '@/features/admin/utils/product-form';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useProducts } from '@/features/catalog/api/get-products';
import { errorMessage, productPhotoUrl } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { Product } from '@/types/api';

/** /admin/products: the create form, the table, and the edit modal holding the same form. */
export function AdminProductsRoute() {
  const products = useProducts();
  const categories = useCategories();
  const sellers = useSellers();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [editing, setEditing] = useState<Product | null>(null);

  const categoryList = categories.data ?? [];
  const sellerList = sellers.data ?? [];

  const closeModal = () => {
    setEditing(null);
    void products.refetch();
  };

  return (
    <section className="admin-section" aria-labelledby="admin-products-title">
      <title>Products · Paduka</title>
      <h1 id="admin-products-title">Products</h1>
      <h2>Create product</h2>
      <ProductForm
        categories={categoryList}
        sellers={sellerList}
        submitLabel="Create"
        submitting={create.isPending}
        resetOnSuccess
        onSubmit={async (values, photo) => {
          try {
            const reply = await create.mutateAsync(buildProductFormData(values, photo));
            notify.success(`${reply.product?.name ?? values.name} created Successfully`);
            return true;
          } catch (error) {
            notify.error(errorMessage(error, 'Error in creating product'));
            return false;
          }
        }}
      />
      <h2>All products</h2>
      {products.isPending ? (
        <Spinner label="Loading products" />
      ) : (
        <ProductsTable products={products.data ?? []} onEdit={setEditing} />
      )}
      {editing ? (
        <AdminModal title={`Edit ${editing.name}`} onClose={closeModal}>
          <ProductForm
            initial={productToForm(editing)}
            currentPhotoUrl={editing.hasPhoto === false ? undefined : productPhotoUrl(editing._id)}
            categories={categoryList}
            sellers={sellerList}
            submitLabel="Save"
            submitting={update.isPending}
            onCancel={closeModal}
            onSubmit={async (values, photo) => {
              try {
                const reply = await update.mutateAsync({ id: editing._id, form: buildProductFormData(values, photo) });
                notify.success(reply.message ?? `${values.name} updated Successfully`);
                closeModal();
                return true;
              } catch (error) {
                notify.error(errorMessage(error, 'Error in updating product'));
                return false;
              }
            }}
          />
        </AdminModal>
      ) : null}
    </section>
  );
}
