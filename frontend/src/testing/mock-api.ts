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
/** A file the server sends instead of JSON: `content` with its type and, when named, `Content-Disposition`. */
export type MockFile = { content: string; type: string; filename?: string };
/** A JSON `body`, or a `file`. */
export type MockReply = { status?: number } & ({ body: unknown; file?: never } | { file: MockFile; body?: never });
type Route = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

/** A reply carrying a file, e.g. `GET /order/invoice/{id}`'s PDF. */
export const fileReply = (file: MockFile, status = 200): MockReply => ({ status, file });

function toResponse(reply: MockReply): Response {
  const status = reply.status ?? 200;
  if (reply.file) {
    const headers: Record<string, string> = { 'Content-Type': reply.file.type };
    if (reply.file.filename) headers['Content-Disposition'] = `attachment; filename="${reply.file.filename}"`;
    return new Response(reply.file.content, { status, headers });
  }
  return new Response(JSON.stringify(reply.body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Answer the API client's calls from a table keyed 'METHOD /path' (under /api/v1; `:name`
 * matches one segment). A path without `:name` wins over one with (`/delivery/states` over
 * `/delivery/:pin`), else the first match in the table. Unknown calls get a 404 in the
 * server's error shape.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: MockRequest[] = [];
  const table = Object.entries(routes)
    .map(([key, route]) => {
      const [method, pattern = ''] = key.split(' ');
      const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
      return { method, regex, route, exact: !pattern.includes(':') };
    })
    .sort((a, b) => Number(b.exact) - Number(a.exact));

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
    return toResponse(reply);
  });

  configureApiClient({ fetch });
  return { calls, fetch };
}
