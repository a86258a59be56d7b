import { configureApiClient } from '@/lib/api-client';

/** `query`: the call's search parameters (`page`, `sort`, ...); `form`: a multipart body. */
export type MockRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  form: FormData | null;
  headers: Headers;
};
export type MockReply = { status?: number; body: unknown };
type Route = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

/**
 * Answer the API client's calls from a table keyed 'METHOD /path' (under /api/v1; `:name`
 * matches one segment). Unknown calls get a 404 in the server's error shape.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: MockRequest[] = [];
  const table = Object.entries(routes).map(([key, route]) => {
    const [method, pattern = ''] = key.split(' ');
    const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
    return { method, regex, route };
  });

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    const form = init?.body instanceof FormData ? init.body : null;
    const request = { method, path, query: url.searchParams, body, form, headers: new Headers(init?.headers) };
    calls.push(request);
    const hit = table.find((r) => r.method === method && r.regex.test(path));
    const reply = hit
      ? typeof hit.route === 'function'
        ? await hit.route(request)
        : hit.route
      : { status: 404, body: { success: false, message: 'Not found' } };
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  configureApiClient({ fetch });
  return { calls, fetch };
}
