// Walking a platform's cursor for `pages=N`: one platform page per API page, stopping early when
// the platform has no more results. Billing counts the pages that returned records.
export interface PlatformPage<R> {
  records: R[];
  /** The cursor of the next page (after, max_id, cursor), or null/undefined when there is none. */
  next: string | null | undefined;
}

export interface WalkedPages<R> {
  records: R[];
  /** Pages that returned at least one record: what the call bills. */
  pagesReturned: number;
}

export async function walkPages<R>(
  pages: number,
  fetchPage: (cursor: string | undefined, index: number) => Promise<PlatformPage<R>>,
): Promise<WalkedPages<R>> {
  const records: R[] = [];
  let pagesReturned = 0;
  let cursor: string | undefined;
  for (let index = 0; index < pages; index += 1) {
    const page = await fetchPage(cursor, index);
    if (page.records.length === 0) break;
    records.push(...page.records);
    pagesReturned += 1;
    if (!page.next || page.next === cursor) break;
    cursor = page.next;
  }
  return { records, pagesReturned };
}
