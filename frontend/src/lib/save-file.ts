/** How long an object URL outlives its click: the browser has started the download well before. */
const REVOKE_AFTER_MS = 10_000;

/**
 * Save a file the app holds (one `downloadFile` fetched with the session's token) under
 * `filename`: an object URL clicked through a temporary `<a download>`, released afterwards.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
