import { downloadFile } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { Return } from '@/types/api';

/** The toast when the credit note cannot be fetched and the server gave no reason of its own. */
export const CREDIT_NOTE_FAILED = 'Failed to download credit note';

/** `CN/26-27/000001` -> `credit-note-CN-26-27-000001.pdf`. */
export const creditNoteFileName = (creditNoteNo: string): string =>
  `credit-note-${creditNoteNo.replaceAll('/', '-')}.pdf`;

/**
 * `GET /return/credit-note/{id}` (the return's owner or an admin), saved under the name its
 * `Content-Disposition` gives, else one made from the credit note's number.
 */
export async function downloadCreditNote(ret: Pick<Return, '_id' | 'creditNoteNo' | 'number'>): Promise<string> {
  const file = await downloadFile(`/return/credit-note/${encodeURIComponent(ret._id)}`, {
    accept: 'application/pdf, application/json',
  });
  const filename = file.filename ?? creditNoteFileName(ret.creditNoteNo ?? ret.number);
  saveFile(file.blob, filename);
  return filename;
}
