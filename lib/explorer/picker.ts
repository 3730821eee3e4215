// The explorer's endpoint picker: every endpoint of the registry (through the reference's model),
// grouped as the reference groups them (a data family, or the platform endpoints) and searchable by path or words of its summary.
import type { EndpointModel } from '@/lib/docs/endpoint-model';
import { priceText } from '@/lib/docs/price-text';

interface PickerEntry {
  path: string;
  method: EndpointModel['method'];
  summary: string;
  group: string;
  groupTitle: string;
  priceMicros: number;
  /** "$0.005 per page" or "Free". */
  price: string;
  billingUnit: EndpointModel['billingUnit'];
  /** "Up to 40 pages of 25" or null without paging. */
  paging: string | null;
}

export interface PickerGroup {
  id: string;
  title: string;
  entries: PickerEntry[];
}

export function pagingText(model: Pick<EndpointModel, 'paging' | 'pageSize'>): string | null {
  if (!model.paging) return null;
  const size = model.pageSize ? ` of ${model.pageSize}` : '';
  if (model.paging.param === 'page') return `One page${size} per call (page=N)`;
  return model.paging.max === null ? `Any number of pages${size}` : `Up to ${model.paging.max} pages${size}`;
}

function pickerEntry(model: EndpointModel): PickerEntry {
  return {
    path: model.path,
    method: model.method,
    summary: model.summary,
    group: model.group,
    groupTitle: model.groupTitle,
    priceMicros: model.priceMicros,
    price: priceText(model),
    billingUnit: model.billingUnit,
    paging: pagingText(model),
  };
}

/** Entries by group, in registry order. */
export function pickerGroups(models: readonly EndpointModel[]): PickerGroup[] {
  const groups = new Map<string, PickerGroup>();
  for (const model of models) {
    const group = groups.get(model.group) ?? { id: model.group, title: model.groupTitle, entries: [] };
    group.entries.push(pickerEntry(model));
    groups.set(model.group, group);
  }
  return [...groups.values()];
}

/**
 * The groups whose entries match every word of the query, in the path, the summary or the
 * group's name ("forum posts", "shop/reviews"). A blank query keeps everything.
 */
export function searchPicker(groups: readonly PickerGroup[], query: string): PickerGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  return groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => {
        const haystack = `${entry.path} ${entry.summary} ${group.title}`.toLowerCase();
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((group) => group.entries.length > 0);
}
