import { NavLink } from 'react-router';
import { paths } from '@/config/paths';

const LINKS = [
  { label: 'Users', href: paths.admin.users.getHref() },
  { label: 'Orders', href: paths.admin.orders.getHref() },
  { label: 'Products', href: paths.admin.products.getHref() },
  { label: 'Categories', href: paths.admin.categories.getHref() },
  { label: 'Sale', href: paths.admin.sale.getHref() },
  { label: 'Coupons', href: paths.admin.coupons.getHref() },
  { label: 'Returns', href: paths.admin.returns.getHref() },
];

/** The strip every admin screen shows: Users, Orders, Products, Categories, Sale, Coupons, Returns. */
export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Admin">
      <ul>
        {LINKS.map((l) => (
          <li key={l.label}>
            <NavLink to={l.href} className={({ isActive }) => `admin-nav-link${isActive ? ' is-active' : ''}`}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
