import { useState } from 'react';
import { useCreateProduct } from '@/features/admin/api/create-product';
import { useAdminCategories } from '@/features/admin/api/get-admin-lists';
import { useSellers } from '@/features/admin/api/get-sellers';
import { useUpdateProduct } from '@/features/admin/api/update-product';
import { AdminModal } from '@/features/admin/components/admin-modal';
import { AdminSection } from '@/features/admin/components/admin-section';
import { CatalogCsv } from '@/features/admin/components/catalog-csv';
import { ProductForm } from '@/features/admin/components/product-form';
import { ProductsTable } from '@/features/admin/components/products-table';
import { productToColourGrid } from '@/features/admin/utils/colour-grid';
import { buildProductFormData, productToForm } from '@/features/admin/utils/product-form';
import { saveWithToast } from '@/features/admin/utils/save-with-toast';
import { useProducts } from '@/features/catalog/api/get-products';
import { productPhotoUrl } from '@/lib/api-client';
import type { Product } from '@/types/api';

/** /admin/products: the create form, import and export as CSV, the table, and the edit modal holding the same form. */
export function AdminProductsRoute() {
  const products = useProducts();
  const categories = useAdminCategories('product-form');
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
    <AdminSection name="products" tabTitle="Products" heading="Products">
      <h2>Create product</h2>
      <ProductForm
        categories={categoryList}
        sellers={sellerList}
        submitLabel="Create"
        submitting={create.isPending}
        resetOnSuccess
        onSubmit={(values, photo, colours) =>
          saveWithToast(
            () => create.mutateAsync(buildProductFormData(values, photo, colours)),
            (reply) => `${reply.product?.name ?? values.name} created Successfully`,
            'Error in creating product',
          )
        }
      />
      <h2>Import and export</h2>
      <CatalogCsv />
      <h2>All products</h2>
      <ProductsTable list={products} onEdit={setEditing} />
      {editing ? (
        <AdminModal title={`Edit ${editing.name}`} onClose={closeModal}>
          <ProductForm
            initial={productToForm(editing)}
            initialColours={productToColourGrid(editing)}
            currentPhotoUrl={editing.hasPhoto === false ? undefined : productPhotoUrl(editing._id)}
            categories={categoryList}
            sellers={sellerList}
            submitLabel="Save"
            submitting={update.isPending}
            onCancel={closeModal}
            onSubmit={async (values, photo, colours) => {
              const saved = await saveWithToast(
                () => update.mutateAsync({ id: editing._id, form: buildProductFormData(values, photo, colours) }),
                (reply) => reply.message ?? `${values.name} updated Successfully`,
                'Error in updating product',
              );
              if (saved) closeModal();
              return saved;
            }}
          />
        </AdminModal>
      ) : null}
    </AdminSection>
  );
}
