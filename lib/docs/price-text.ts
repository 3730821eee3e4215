// An endpoint's price in words, for the reference and the explorer. Apart from endpoint-model.ts
// (which reads the registry's zod schemas) so that client components showing a price do not ship them.
import { formatMicros } from '@/lib/money';

import type { EndpointModel } from './endpoint-model';

/** "$0.005" from micro-dollars: the one money rule (lib/money.ts). */
export const dollars = (micros: number): string => formatMicros(micros);

/** "$0.005 per page" or "Free". */
export function priceText(model: Pick<EndpointModel, 'priceMicros' | 'billingUnit'>): string {
  return model.priceMicros === 0 ? 'Free' : `${dollars(model.priceMicros)} per ${model.billingUnit}`;
}
