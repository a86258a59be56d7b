import { downloadFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** The toast when the packing slip cannot be fetched and the server gave no reason of its own. */
export const PACKING_SLIP_FAILED = 'Failed to download the packing slip';

/** The name the slip is saved under when the server names none. */
export const packingSlipFileName = (orderId: string) => `packing-slip-${orderId}.pdf`;

/**
 * `GET /shipment/label/{id}` (admins; decisions section 15): the courier's label or the shop's
 * packing slip as a PDF, fetched with the session's token like the invoice and saved under the
 * name the server gives. Resolves to that name; a refusal rejects with the server's message.
 */
export async function downloadPackingSlip(orderId: string): Promise<string> {
  const file = await downloadFile(`/shipment/label/${encodeURIComponent(orderId)}`, {
    accept: 'application/pdf, application/json',
  });
  const filename = file.filename ?? packingSlipFileName(orderId);
  saveFile(file.blob, filename);
  return filename;
}
