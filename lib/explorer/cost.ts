// What a call can cost at most, before it is sent: the units it may bill (pages asked for, or
// one per request) times the price, plus the sentiment surcharge per unit.
import type { EndpointModel } from '@/lib/docs/endpoint-model';

import type { FormValues } from './form-values';

export interface MaxCost {
  units: number;
  priceMicros: number;
  surchargeMicros: number;
  totalMicros: number;
}

/** The units a call may bill: `pages` (or its default) for endpoints billed per page, else one. */
function maxUnits(model: Pick<EndpointModel, 'billingUnit' | 'paging' | 'params'>, values: FormValues): number {
  if (model.billingUnit !== 'page' || model.paging?.param !== 'pages') return 1;
  const field = model.params.find((p) => p.name === 'pages');
  const typed = Number((values.pages ?? '').trim());
  const fallback = typeof field?.default === 'number' ? field.default : 1;
  const pages = Number.isInteger(typed) && typed > 0 ? typed : fallback;
  return model.paging.max === null ? pages : Math.min(pages, model.paging.max);
}

export function maxCost(model: EndpointModel, values: FormValues): MaxCost {
  const units = maxUnits(model, values);
  const sentiment = model.sentiment && values.get_sentiment === 'true';
  const priceMicros = units * model.priceMicros;
  // The surcharge is on billed units only: a free endpoint has none.
  const surchargeMicros = sentiment && model.priceMicros > 0 ? units * model.sentimentSurchargeMicros : 0;
  return { units, priceMicros, surchargeMicros, totalMicros: priceMicros + surchargeMicros };
}
