// An endpoint's price in words, for the reference and the explorer. Apart from endpoint-model.ts
// (which reads the registry's zod schemas) so that client components showing a price do not ship them.
import { formatPrice } from '@/lib/money';

/** What a price is worked out from: three fields of endpoint-model.ts's EndpointModel, declared here so that this file imports nothing of it. */
export interface PricedEndpoint {
  path: string;
  priceMicros: number;
  billingUnit: 'request' | 'page';
}

/** "$0.005" from micro-dollars: a price, to the tenth of a cent (lib/money.ts). */
export const dollars = (micros: number): string => formatPrice(micros);

/** "$0.005 per page", "Free", or for the batch (free itself, its items billed as if called alone) "Each item at its own price". */
export function priceText(model: PricedEndpoint): string {
  if (model.path === '/v1/batch') return 'Each item at its own price';
  return model.priceMicros === 0 ? 'Free' : `${dollars(model.priceMicros)} per ${model.billingUnit}`;
}
