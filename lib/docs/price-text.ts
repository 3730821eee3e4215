// An endpoint's price in words, for the reference and the explorer. Apart from endpoint-model.ts
// (which reads the registry's zod schemas) so that client components showing a price do not ship them.
import { formatPrice } from '@/lib/money';

import type { EndpointModel } from './endpoint-model';

/** "$0.005" from micro-dollars: a price, to the tenth of a cent (lib/money.ts). */
export const dollars = (micros: number): string => formatPrice(micros);

/** "$0.005 per page" or "Free". */
export function priceText(model: Pick<EndpointModel, 'priceMicros' | 'billingUnit'>): string {
  return model.priceMicros === 0 ? 'Free' : `${dollars(model.priceMicros)} per ${model.billingUnit}`;
}
