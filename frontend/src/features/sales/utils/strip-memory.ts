import { STORAGE_KEYS } from '@/config/constants';

/*
 * Whether the sale strip was shown last time, so that while the sales load its space is held only
 * when a sale is likely: a shop without a sale would otherwise open a strip on every page just to
 * close it again (a layout shift). Before any visit, a strip is expected.
 */

export function expectSaleStrip(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.saleStrip) !== '0';
  } catch {
    return true;
  }
}

export function rememberSaleStrip(shown: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.saleStrip, shown ? '1' : '0');
  } catch {
    // Storage full or refused: the next visit just guesses again.
  }
}
