import { downloadFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { Order } from '@/types/api';

/** The toast when the invoice cannot be fetched and the server gave no reason of its own. */
export const INVOICE_FAILED = 'Failed to download invoice';

/** `PDK/26-27/000001` -> `invoice-PDK-26-27-000001.pdf`, the name the server gives it too. */
export const invoiceFileName = (invoiceNo: string): string => `invoice-${invoiceNo.replaceAll('/', '-')}.pdf`;

/**
 * `GET /order/invoice/{id}` (decisions D16: the order's owner or an admin), saved under the
 * name its `Content-Disposition` gives, else one made from the invoice number. Resolves to
 * the file name; a refusal rejects with the server's message (`ApiError`).
 */
export async function downloadInvoice(order: Pick<Order, '_id' | 'invoiceNo'>): Promise<string> {
  const file = await downloadFile(`/order/invoice/${encodeURIComponent(order._id)}`, {
    accept: 'application/pdf, application/json',
  });
  const filename = file.filename ?? invoiceFileName(order.invoiceNo ?? order._id);
  saveFile(file.blob, filename);
  return filename;
}
