import { useQuery } from '@tanstack/react-query';
import { ApiError, api, downloadFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { ImportProblem, ImportReport, ImportStarted } from '@/types/api';

export type { ImportProblem, ImportReport };

/** The name the export is saved under when the server names none. */
export const EXPORT_FILE_NAME = 'products.csv';

/** How often a running job is asked how far it is. */
export const IMPORT_POLL_MS = 700;

/** `GET /product/export` (admins): the catalog as Shopify's product CSV, saved as the server names it. */
export async function exportProducts(): Promise<string> {
  const file = await downloadFile('/product/export', { accept: 'text/csv, application/json' });
  const filename = file.filename ?? EXPORT_FILE_NAME;
  saveFile(file.blob, filename);
  return filename;
}

/**
 * The multipart body of `POST /product/import`: the CSV, the zip of photos it names, whether to
 * only check it, and whether to leave out the products with a wrong row.
 */
export function importForm(file: File, dryRun: boolean, photos: File | null = null, skipInvalid = false): FormData {
  const form = new FormData();
  form.append('file', file);
  if (photos) form.append('photos', photos);
  if (dryRun) form.append('dryRun', 'true');
  if (skipInvalid) form.append('skipInvalid', 'true');
  return form;
}

/**
 * The rows a refused import names (`400 Import has errors` carries them), or none when the
 * refusal was of another kind (too large, signed out).
 */
export function importProblems(error: unknown): ImportProblem[] {
  if (!(error instanceof ApiError)) return [];
  const body = error.body as { errors?: unknown } | undefined;
  return Array.isArray(body?.errors) ? (body.errors as ImportProblem[]) : [];
}

/** How many of a refused file's products are right (`400 Import has errors` counts them); `null` for another refusal. */
export function importTally(error: unknown): { valid: number; invalid: number } | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { valid?: unknown; invalid?: unknown } | undefined;
  return typeof body?.valid === 'number' && typeof body.invalid === 'number'
    ? { valid: body.valid, invalid: body.invalid }
    : null;
}

/** `POST /product/import` with `dryRun`: every row checked, nothing written; the counts it would make. */
export const checkImport = (file: File, photos: File | null = null) =>
  api.post<ImportReport>('/product/import', importForm(file, true, photos));

/** `POST /product/import`: 202 with the job that writes it (with `skipInvalid`, only the right products). */
export const startImport = (file: File, photos: File | null = null, skipInvalid = false) =>
  api.post<ImportStarted>('/product/import', importForm(file, false, photos, skipInvalid));

/** `POST /product/import/{job}/photos`: the finished job's missing photos fetched again (202, the job, running). */
export const refetchPhotos = (job: string) =>
  api.post<ImportReport>(`/product/import/${encodeURIComponent(job)}/photos`);

/** The job's progress, asked again while it runs. */
export const useImportJob = (job: string | null) =>
  useQuery({
    queryKey: ['products', 'import', job],
    queryFn: () => api.get<ImportReport>(`/product/import/${encodeURIComponent(job ?? '')}`),
    enabled: job !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? IMPORT_POLL_MS : false),
    // Every poll is news: never answered from an earlier import's cache.
    gcTime: 0,
  });
