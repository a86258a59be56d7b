import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { Order } from '@/types/api';
import { INVOICE_FAILED, downloadInvoice } from '@/utils/invoice';

type DownloadInvoiceButtonProps = {
  order: Pick<Order, '_id' | 'invoiceNo'>;
  className?: string;
};

/**
 * `Download invoice` for an order that has an invoice number (nothing otherwise), on the
 * shopper's and the admin's order pages: off while the PDF comes, the server's refusal toasted.
 */
export function DownloadInvoiceButton({ order, className = 'btn btn-secondary btn-sm' }: DownloadInvoiceButtonProps) {
  const download = useMutation({
    mutationFn: () => downloadInvoice(order),
    onError: (error) => notify.error(errorMessage(error, INVOICE_FAILED)),
  });
  if (!order.invoiceNo) return null;
  return (
    <button type="button" className={className} disabled={download.isPending} onClick={() => download.mutate()}>
      {download.isPending ? 'Downloading...' : 'Download invoice'}
    </button>
  );
}
