// What a batch can cost at most, before it is sent. Every item is billed as if it were called
// alone, so the batch's largest cost is the sum of its items' (maxCost), and each item would use
// its endpoint's free units left, in order: two items to one endpoint share what is left.
import type { EndpointModel } from '@/lib/docs/endpoint-model';

import { maxCost, type MaxCost } from './cost';

export interface BatchItemCost {
  index: number;
  path: string;
  /** The item's endpoint, or null when the path names none (the API answers it 404, billed nothing). */
  model: EndpointModel | null;
  cost: MaxCost;
  /** Free units the item would use, given what the items before it used; null while they are unknown. */
  freeUnits: number | null;
}

export type BatchCost =
  | { ok: true; items: BatchItemCost[]; totalMicros: number; freeUnits: number | null }
  | { ok: false; reason: string };

const NOTHING: MaxCost = { units: 0, priceMicros: 0, surchargeMicros: 0, totalMicros: 0 };

/** The items of a batch body, or why it cannot be read. Bad items are left to the API's check. */
function readItems(body: string): { path: string; params: Record<string, string> }[] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'the body is not valid JSON';
  }
  const requests = parsed && typeof parsed === 'object' ? (parsed as { requests?: unknown }).requests : undefined;
  if (!Array.isArray(requests) || requests.length === 0) return 'the body has no "requests" list';
  return requests.map((item) => {
    const { path, params } = (item && typeof item === 'object' ? item : {}) as { path?: unknown; params?: unknown };
    const values: Record<string, string> = {};
    if (params && typeof params === 'object') {
      for (const [name, value] of Object.entries(params)) values[name] = String(value);
    }
    return { path: typeof path === 'string' ? path : '', params: values };
  });
}

/** The paid endpoints a batch names, once each: whose free units left the preview reads. */
export function batchPaidPaths(body: string, byPath: ReadonlyMap<string, EndpointModel>): string[] {
  const items = readItems(body);
  if (typeof items === 'string') return [];
  return [...new Set(items.map((i) => i.path).filter((path) => (byPath.get(path)?.priceMicros ?? 0) > 0))].sort();
}

/**
 * Each item's largest cost and the free units it would use, and their sums. `freeLeft` holds the
 * free units left per paid endpoint; a paid endpoint missing from it makes the free units unknown.
 */
export function batchCost(
  body: string,
  byPath: ReadonlyMap<string, EndpointModel>,
  freeLeft: ReadonlyMap<string, number> | null,
): BatchCost {
  const read = readItems(body);
  if (typeof read === 'string') return { ok: false, reason: read };
  const left = new Map(freeLeft ?? []);
  let known = true;
  const items = read.map(({ path, params }, index): BatchItemCost => {
    const found = byPath.get(path);
    // Only the data endpoints are called from a batch; the platform ones answer 404 there.
    const model = found && found.group !== 'platform' ? found : null;
    const cost = model ? maxCost(model, params) : NOTHING;
    let freeUnits: number | null = 0;
    if (model && model.priceMicros > 0) {
      const remaining = left.get(path);
      if (remaining === undefined) {
        known = false;
        freeUnits = null;
      } else {
        freeUnits = Math.min(remaining, cost.units);
        left.set(path, remaining - freeUnits);
      }
    }
    return { index, path, model, cost, freeUnits };
  });
  const totalMicros = items.reduce((sum, item) => sum + item.cost.totalMicros, 0);
  const freeUnits = known ? items.reduce((sum, item) => sum + (item.freeUnits ?? 0), 0) : null;
  return { ok: true, items, totalMicros, freeUnits };
}
