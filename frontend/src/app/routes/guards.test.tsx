import { screen } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { admin, sessionFor, shopper } from '@/testing/data';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const base = { 'GET /sale/allsales': { body: { success: true, sales: [] } } };

describe('guarded areas', () => {
  it('asks visitors to log in on /user pages', async () => {
    mockApi(base);
    renderApp('/user/profile');
    expect(await screen.findByText('Please Login to access this page')).toBeInTheDocument();
  });

  it('signs out and refuses when the server rejects the token', async () => {
    const { calls } = mockApi({
      ...base,
      'GET /auth/user-auth': { status: 401, body: { ok: false, message: 'Token expired' } },
    });
    useAuthStore.getState().setSession(sessionFor(shopper));
    renderApp('/user/orders');
    expect(await screen.findByText('Please Login to access this page')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/user-auth')?.headers.get('Authorization')).toBe('token-u1');
    expect(useAuthStore.getState().token).toBe('');
  });

  it('refuses /admin to a shopper', async () => {
    mockApi({ ...base, 'GET /auth/admin-auth': { status: 403, body: { ok: false, message: 'Forbidden' } } });
    useAuthStore.getState().setSession(sessionFor(shopper));
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Your are not authorized to access this page')).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBe('token-u1');
  });

  it('shows the admin strip to an admin', async () => {
    mockApi({ ...base, 'GET /auth/admin-auth': { body: { ok: true } } });
    useAuthStore.getState().setSession(sessionFor(admin));
    renderApp('/admin');
    const strip = await screen.findByRole('navigation', { name: 'Admin' });
    expect(strip).toHaveTextContent('UsersOrdersProductsCategoriesSale');
  });

  it("shows 'Page Not Found' for unknown paths", async () => {
    mockApi(base);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
