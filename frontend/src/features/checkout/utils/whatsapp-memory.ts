import { STORAGE_KEYS } from '@/config/constants';

/*
 * `Get order updates on WhatsApp` as the shopper last left it (decisions D37). Consent must be a
 * clear, affirmative opt-in (WhatsApp's policy, India's DPDP Act): never ticked until the shopper
 * ticks it once; after that, ticked or not as they left it.
 */

export function rememberedWhatsappUpdates(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.whatsappUpdates) === '1';
  } catch {
    return false;
  }
}

export function rememberWhatsappUpdates(wanted: boolean): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.whatsappUpdates, wanted ? '1' : '0');
  } catch {
    // Storage full or refused: the box starts unticked next time, which asks again.
  }
}
