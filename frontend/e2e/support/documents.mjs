// The PDFs the journeys save (invoices, credit notes, packing slips), read back with poppler's
// pdftotext, and the literal text their assertions look for.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_DIR } from './server.mjs';

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Locator} Locator */

/** Regular-expression text for `text` taken literally. */
export const literally = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The text of the PDF at `path`, as poppler's `pdftotext -layout` reads it. */
export function pdftotext(/** @type {string} */ path) {
  assert.equal(readFileSync(path).subarray(0, 5).toString('latin1'), '%PDF-', `${path} is a PDF`);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
}

/**
 * Clicks the button named `button` inside `scope`, catches the browser's download, keeps it
 * under test-results/`folder`/ as `as` and reads it: the name the browser suggests and the PDF's
 * text. Waits until the button is back (the app shows it again once the file is saved).
 */
export async function downloadPdf(
  /** @type {Page} */ page,
  /** @type {Locator} */ scope,
  /** @type {{button: string, folder: string, as: string}} */ { button, folder, as },
) {
  const downloaded = page.waitForEvent('download');
  await scope.getByRole('button', { name: button }).click();
  const download = await downloaded;
  assert.equal(await download.failure(), null, 'the download finished');
  const dir = join(RESULTS_DIR, folder);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, as);
  await download.saveAs(path);
  const text = pdftotext(path);
  await scope.getByRole('button', { name: button }).waitFor();
  return { filename: download.suggestedFilename(), text };
}
