import { api } from '@/lib/api-client';

/** GETs `path` and gives the array under `field` of its reply, or an empty list when there is none. */
export async function getList<T>(path: string, field: string, signal?: AbortSignal): Promise<T[]> {
  const reply = await api.get<Record<string, unknown>>(path, { signal });
  const list = reply[field];
  return Array.isArray(list) ? (list as T[]) : [];
}
