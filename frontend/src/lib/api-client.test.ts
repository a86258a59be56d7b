import {
  ApiError,
  api,
  apiUrl,
  configureApiClient,
  downloadFile,
  errorMessage,
  filenameFromDisposition,
} from './api-client';

type Call = { url: string; init: RequestInit };

function fakeFetch(status: number, body: unknown, calls: Call[] = []) {
  return vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
  });
}

describe('api client', () => {
  let token: string | null;
  let signedOut: number;

  beforeEach(() => {
    token = null;
    signedOut = 0;
    configureApiClient({ getToken: () => token, onUnauthorized: () => (signedOut += 1) });
  });

  it('calls /api/v1 and returns the JSON body', async () => {
    const calls: Call[] = [];
    configureApiClient({ fetch: fakeFetch(200, { success: true, count: 1, products: [] }, calls) });
    await expect(api.get('/product/get-products')).resolves.toEqual({ success: true, count: 1, products: [] });
    expect(calls[0]?.url).toBe('/api/v1/product/get-products');
    expect(new Headers(calls[0]?.init.headers).has('Authorization')).toBe(false);
  });

  it('sends the token itself as Authorization, and JSON bodies', async () => {
    const calls: Call[] = [];
    token = 'eyJ.token';
    configureApiClient({ fetch: fakeFetch(201, { success: true }, calls) });
    await api.post('/review/add-review/p1', { comment: 'Nice', rating: 5 });
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('Authorization')).toBe('eyJ.token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"comment":"Nice","rating":5}');
  });

  it("adds a call's own headers, never in place of the client's", async () => {
    const calls: Call[] = [];
    token = 'eyJ.token';
    configureApiClient({ fetch: fakeFetch(201, { success: true }, calls) });
    await api.post('/order/cod', { amount: 1 }, { headers: { 'Idempotency-Key': 'k-1', Authorization: 'forged' } });
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('Idempotency-Key')).toBe('k-1');
    expect(headers.get('Authorization')).toBe('eyJ.token');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('throws the server message and status on {success:false}', async () => {
    configureApiClient({ fetch: fakeFetch(409, { success: false, message: 'Only 2 left of Trail Runner' }) });
    const error = await api.post('/order/cart', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Only 2 left of Trail Runner', status: 409 });
    expect(errorMessage(error, 'Cannot place order')).toBe('Only 2 left of Trail Runner');
  });

  it('treats {success:false} with a 200 status as a failure too', async () => {
    configureApiClient({ fetch: fakeFetch(200, { success: false, message: 'Invalid or expired OTP' }) });
    await expect(api.post('/auth/register', {})).rejects.toMatchObject({
      message: 'Invalid or expired OTP',
      status: 200,
    });
  });

  it('reads {ok:false, message} from the guard checks', async () => {
    token = 't';
    configureApiClient({ fetch: fakeFetch(403, { ok: false, message: 'Admins only' }) });
    await expect(api.get('/auth/admin-auth')).rejects.toMatchObject({ message: 'Admins only', status: 403 });
    expect(signedOut).toBe(0);
  });

  it('signs out on a 401 to an authenticated call only', async () => {
    configureApiClient({ fetch: fakeFetch(401, { success: false, message: 'Invalid email or password' }) });
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toBe(0);

    token = 'expired';
    await expect(api.get('/auth/user-auth')).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toBe(1);
  });

  it('reports an unreachable server as status 0 and falls back to the screen text', async () => {
    configureApiClient({
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    const error = await api.get('/sale/allsales').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, isNetworkError: true });
    expect(errorMessage(error, 'Failed to load current sales.')).toBe('Failed to load current sales.');
  });

  it('does not show opaque server errors or non-JSON bodies as messages', async () => {
    configureApiClient({ fetch: fakeFetch(500, { success: false, message: 'Something went wrong' }) });
    const error = await api.get('/order/myorders').catch((e: unknown) => e);
    expect(errorMessage(error, 'Failed to fetch orders')).toBe('Failed to fetch orders');

    configureApiClient({ fetch: fakeFetch(502, '<html>Bad gateway</html>') });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 502 });
  });

  it('builds query strings without empty values', () => {
    expect(apiUrl('/product/get-products', { sort: 'newest', q: '', page: 2, category: undefined })).toBe(
      '/api/v1/product/get-products?sort=newest&page=2',
    );
  });
});

describe('downloadFile', () => {
  let token: string | null;
  let signedOut: number;

  beforeEach(() => {
    token = 'eyJ.token';
    signedOut = 0;
    configureApiClient({ getToken: () => token, onUnauthorized: () => (signedOut += 1) });
  });

  function fileFetch(status: number, body: string, headers: Record<string, string>, calls: Call[] = []) {
    return vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(body, { status, headers });
    });
  }

  it('GETs the file with the token and reads its name from Content-Disposition', async () => {
    const calls: Call[] = [];
    configureApiClient({
      fetch: fileFetch(
        200,
        '%PDF-1.7',
        {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="invoice-PDK-26-27-000001.pdf"',
        },
        calls,
      ),
    });
    const file = await downloadFile('/order/invoice/o1', { accept: 'application/pdf, application/json' });
    expect(file.filename).toBe('invoice-PDK-26-27-000001.pdf');
    expect(file.blob.type).toBe('application/pdf');
    await expect(file.blob.text()).resolves.toBe('%PDF-1.7');
    expect(calls[0]?.url).toBe('/api/v1/order/invoice/o1');
    expect(calls[0]?.init.method).toBe('GET');
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('Authorization')).toBe('eyJ.token');
    expect(headers.get('Accept')).toBe('application/pdf, application/json');
  });

  it('gives no name without Content-Disposition', async () => {
    configureApiClient({ fetch: fileFetch(200, '%PDF', { 'Content-Type': 'application/pdf' }) });
    await expect(downloadFile('/order/invoice/o1')).resolves.toMatchObject({ filename: null });
  });

  it("throws the server's JSON refusal, a 2xx with success false too, and signs out on a 401", async () => {
    const json = { 'Content-Type': 'application/json' };
    configureApiClient({ fetch: fileFetch(404, '{"success":false,"message":"No invoice for this order"}', json) });
    const error = await downloadFile('/order/invoice/o1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'No invoice for this order' });

    configureApiClient({ fetch: fileFetch(200, '{"success":false,"message":"Not yours"}', json) });
    await expect(downloadFile('/order/invoice/o1')).rejects.toMatchObject({ status: 200, message: 'Not yours' });
    expect(signedOut).toBe(0);

    configureApiClient({ fetch: fileFetch(401, '{"success":false,"message":"Session expired"}', json) });
    await expect(downloadFile('/order/invoice/o1')).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toBe(1);
  });

  it('reports an unreachable server as status 0', async () => {
    configureApiClient({
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    await expect(downloadFile('/order/invoice/o1')).rejects.toMatchObject({ status: 0, isNetworkError: true });
  });

  it('reads quoted, bare and RFC 6266 file names', () => {
    expect(filenameFromDisposition('attachment; filename="invoice-PDK-26-27-000001.pdf"')).toBe(
      'invoice-PDK-26-27-000001.pdf',
    );
    expect(filenameFromDisposition('attachment; filename=invoice.pdf')).toBe('invoice.pdf');
    expect(filenameFromDisposition('attachment; filename="a.pdf"; filename*=UTF-8\'\'b%20c.pdf')).toBe('b c.pdf');
    expect(filenameFromDisposition('attachment; filename="say \\"hi\\".pdf"')).toBe('say "hi".pdf');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
