import { screen } from '@testing-library/react';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { shopper } from '@/testing/data';
import { mockApi, type MockRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const base = {
  'GET /sale/allsales': { body: { success: true, sales: [] } },
  'GET /product/get-products': { body: { success: true, count: 0, total: 0, products: [] } },
  'GET /product/featured': { body: { success: true, products: [] } },
  'GET /category/all-categories': { body: { success: true, categories: [] } },
};

describe('login', () => {
  it('stores {user, token, _id} under auth and goes home', async () => {
    const { calls } = mockApi({
      ...base,
      'POST /auth/login': {
        body: { success: true, message: 'Login successfully', user: shopper, token: 'jwt-1', _id: shopper._id },
      },
    });
    const { user, router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'shopper@paduka.local');
    await user.type(screen.getByLabelText('Password'), 'paduka-shopper');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calls.find((c) => c.path === '/auth/login')?.body).toEqual({
      email: 'shopper@paduka.local',
      password: 'paduka-shopper',
    });
    expect(JSON.parse(window.localStorage.getItem('auth') ?? '{}')).toEqual({
      user: shopper,
      token: 'jwt-1',
      _id: 'u1',
    });
    expect(screen.getByRole('link', { name: 'Cart (0)' })).toBeInTheDocument();
  });

  it("shows the server's message on failure", async () => {
    mockApi({
      ...base,
      'POST /auth/login': { status: 401, body: { success: false, message: 'Invalid email or password' } },
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'wrongpass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBe('');
  });

  it("says 'Something went wrong' when the server cannot be reached", async () => {
    const { fetch } = mockApi(base);
    fetch.mockImplementation(async (input: RequestInfo | URL) => {
      if (String(input).endsWith('/auth/login')) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ success: true, sales: [] }), { status: 200 });
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('links to Register and to the password reset', async () => {
    mockApi(base);
    renderApp('/login');
    // One in the navbar, one under the form.
    expect(await screen.findAllByRole('link', { name: 'Register' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('registration', () => {
  it('mails a code, then verifies it and goes to /login', async () => {
    const bodies: unknown[] = [];
    mockApi({
      ...base,
      'POST /auth/register': (req: MockRequest) => {
        bodies.push(req.body);
        const otp = (req.body as { otp: string | null }).otp;
        if (otp === null) return { body: { success: true, message: 'OTP sent to your email' } };
        if (otp === '123456') return { body: { success: true, message: 'Email Verified Successfully' } };
        return { status: 400, body: { success: false, message: 'Invalid or expired OTP' } };
      },
    });
    const { user, router } = renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'new@paduka.local');
    await user.type(screen.getByLabelText('Password'), 'longenough');
    await user.type(screen.getByLabelText('Name'), 'Nisha');
    await user.type(screen.getByLabelText('Phone'), '9876543210');
    await user.type(screen.getByLabelText('Address'), 'Raipur');
    expect(screen.getByRole('link', { name: 'Login here' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByText('OTP sent to your email')).toBeInTheDocument();

    const otp = screen.getByLabelText('OTP');
    await user.type(otp, '999999');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument();

    await user.clear(otp);
    await user.type(otp, '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    const details = {
      email: 'new@paduka.local',
      password: 'longenough',
      name: 'Nisha',
      phone: '9876543210',
      address: 'Raipur',
    };
    expect(bodies).toEqual([
      { ...details, otp: null },
      { ...details, otp: '999999' },
      { ...details, otp: '123456' },
    ]);
  });
});
