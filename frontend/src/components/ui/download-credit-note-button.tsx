import type { Return } from '@/types/api';
import { CREDIT_NOTE_FAILED, downloadCreditNote } from '@/utils/credit-note';
import { DownloadButton } from './download-button';

/**
 * `Download credit note` (or `label`) for a return that has one (nothing otherwise), on my orders
 * and the admin's Returns screen: off while the PDF comes, the server's refusal toasted.
 */
export function DownloadCreditNoteButton({
  ret,
  label = 'Download credit note',
}: {
  ret: Pick<Return, '_id' | 'creditNoteNo' | 'number'>;
  label?: string;
}) {
  if (!ret.creditNoteNo) return null;
  return <DownloadButton label={label} download={() => downloadCreditNote(ret)} failed={CREDIT_NOTE_FAILED} />;
}
