import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { selectLineCount, useCartStore } from '@/features/cart/stores/cart-store';
import { selectIsAdmin, selectIsLoggedIn, useAuthStore } from '@/features/auth/stores/auth-store';
import { SearchBox } from '@/features/search/components/search-box';
import { notify } from '@/lib/notify';
import { AppButton } from '@/components/ui/app-button';

const navClass = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' is-active' : ''}`;

export function Navbar() {
  const [open, setOpen] = useState(false);
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const isAdmin = useAuthStore(selectIsAdmin);
  const logout = useAuthStore((s) => s.logout);
  const lineCount = useCartStore(selectLineCount);
  const navigate = useNavigate();
  const close = () => setOpen(false);

  const onLogout = () => {
    logout();
    close();
    notify.success('Logged out Successfully');
    navigate(paths.home.getHref());
  };

  return (
    <header className="site-header">
      <nav className="container navbar" aria-label="Main">
        <Link to={paths.home.getHref()} className="brand" onClick={close}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>Paduka</span>
        </Link>
        <AppButton
          type="button"
          className="icon-btn nav-toggle"
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((v) => !v)}
        >
          <span aria-hidden="true">{open ? '✕' : '☰'}</span>
          <span className="visually-hidden">Menu</span>
        </AppButton>
        <ul id="main-menu" className={`nav-menu${open ? ' is-open' : ''}`}>
          <li className="nav-search">
            <SearchBox onNavigate={close} />
          </li>
          <li>
            <NavLink to={paths.home.getHref()} end className={navClass} onClick={close}>
              Home
            </NavLink>
          </li>
          {loggedIn ? (
            <>
              <li>
                <NavLink to={paths.user.profile.getHref()} className={navClass} onClick={close}>
                  Profile
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.user.cart.getHref()} className={navClass} onClick={close}>
                  Cart ({lineCount})
                </NavLink>
              </li>
              {isAdmin && (
                <li>
                  <NavLink to={paths.admin.dashboard.getHref()} className={navClass} onClick={close}>
                    Dashboard
                  </NavLink>
                </li>
              )}
              <li>
                <AppButton type="button" className="nav-link nav-logout" onClick={onLogout}>
                  LogOut
                </AppButton>
              </li>
            </>
          ) : (
            <>
              <li>
                <NavLink to={paths.login.getHref()} className={navClass} onClick={close}>
                  Login
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.register.getHref()} className="btn btn-primary btn-sm nav-cta" onClick={close}>
                  Register
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
