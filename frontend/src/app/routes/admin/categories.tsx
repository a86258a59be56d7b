import { CategoriesManager } from '@/features/admin/components/categories-manager';

/** /admin/categories. */
export function AdminCategoriesRoute() {
  return (
    <section className="admin-section" aria-labelledby="admin-categories-title">
      <title>Categories · Paduka</title>
      <h1 id="admin-categories-title">Categories</h1>
      <CategoriesManager />
    </section>
  );
}
