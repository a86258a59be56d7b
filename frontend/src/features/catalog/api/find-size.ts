import { api } from '@/lib/api-client';
import type { Ok, SizeSuggestion } from '@/types/api';

/** `Find my size`: the size the server suggests for a foot length on a product's chart. */
export const findSize = (productId: string, footCm: string) =>
  api.get<Ok<SizeSuggestion>>(`/product/find-size/${encodeURIComponent(productId)}`, { params: { footCm } });
