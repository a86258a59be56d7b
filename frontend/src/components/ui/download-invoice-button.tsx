import type { Order } from '@/types/api';
import { INVOICE_FAILED, downloadInvoice } from '@/utils/invoice';
import { DownloadButton } from './download-button';

type DownloadInvoiceButtonProps = {
  order: Pick<Order, '_id' | 'invoiceNo'>;
  className?: string;
};

/**
 * `Download invoice` for an order that has an invoice number (nothing otherwise), on the
 * shopper's and the admin's order pages: off while the PDF comes, the server's refusal toasted.
 */
export function DownloadInvoiceButton({ order, className }: DownloadInvoiceButtonProps) {
  if (!order.invoiceNo) return null;
  return (
    <DownloadButton
      label="Download invoice"
      download={() => downloadInvoice(order)}
      failed={INVOICE_FAILED}
      className={className}
    />
  );
}
