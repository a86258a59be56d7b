// The admin's catalog import as the journeys drive it.

/** @typedef {import('playwright-core').Page} Page */

/**
 * Opens the admin's products screen and chooses `csv` (as a file named `name`) in its import
 * form, with the photos zip at `photosZip` when given; resolves to the form.
 */
export async function chooseImportFile(
  /** @type {Page} */ page,
  /** @type {{name: string, csv: string, photosZip?: string}} */ { name, csv, photosZip },
) {
  await page.goto('/admin/products');
  const form = page.getByRole('form', { name: 'Import products' });
  await form.getByLabel('Products CSV').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  if (photosZip) await form.getByLabel('Photos (zip)').setInputFiles(photosZip);
  return form;
}
