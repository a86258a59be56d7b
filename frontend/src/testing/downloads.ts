/** A file the app saved: the `<a download>` name, its object URL and the bytes behind it. */
export type SavedFile = { filename: string; url: string; blob: Blob | undefined };

/**
 * jsdom has neither object URLs nor downloads: hand out `blob:` URLs and record every
 * `<a download>` the app clicks instead of navigating. Restored by `vi.restoreAllMocks()`.
 */
export function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  const createObjectURL = vi.fn((blob: Blob) => {
    next += 1;
    const url = `blob:http://localhost/file-${next}`;
    blobs.set(url, blob);
    return url;
  });
  const revokeObjectURL = vi.fn((url: string) => void blobs.delete(url));
  Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: revokeObjectURL, configurable: true, writable: true });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.hasAttribute('download'))
      saved.push({ filename: this.download, url: this.href, blob: blobs.get(this.href) });
  });
  return saved;
}
