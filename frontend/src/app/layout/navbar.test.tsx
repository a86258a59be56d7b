import { screen } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { admin, productFixture, sessionFor, shopper } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const quietShop = () =>
  mockApi({
    'GET /product/get-products': { body: { success: true, count: 0, total: 0, products: [] } },
    'GET /product/featured': { body: { success: true, products: [] } },
    'GET /category/all-categories': { body: { success: true, categories: [] } },
    'GET /sale/allsales': { body: { success: true, sales: [] } },
  });

describe('navbar', () => {
  it('shows Profile, Cart (distinct lines) and LogOut to a shopper, without Dashboard', async () => {
    quietShop();
    useAuthStore.getState().setSession(sessionFor(shopper));
    const shoe = productFixture();
    useCartStore.getState().add(shoe, 0);
    useCartStore.getState().add(shoe, 0);
    useCartStore.getState().add(shoe, 1);
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Cart (2)' })).toHaveAttribute('href', '/user/cart');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user/profile');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows Dashboard when the role is truthy', async () => {
    quietShop();
    useAuthStore.getState().setSession(sessionFor(admin));
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  });

  it("logs out: clears the stored session and says 'Logged out Successfully'", async () => {
    quietShop();
    useAuthStore.getState().setSession(sessionFor(shopper));
    expect(JSON.parse(window.localStorage.getItem('auth') ?? 'null')).toEqual({
      user: shopper,
      token: 'token-u1',
      _id: 'u1',
    });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'LogOut' }));
    expect(await screen.findByText('Logged out Successfully')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('auth')).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ user: null, token: '' });
  });

  it('collapses the menu behind a toggle', async () => {
    quietShop();
    const { user } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
