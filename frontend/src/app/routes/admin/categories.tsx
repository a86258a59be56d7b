import { AdminSection } from '@/features/admin/components/admin-section';
import { CategoriesManager } from '@/features/admin/components/categories-manager';

/** /admin/categories. */
export function AdminCategoriesRoute() {
  return (
    <AdminSection name="categories" tabTitle="Categories" heading="Categories">
      <CategoriesManager />
    </AdminSection>
  );
}
