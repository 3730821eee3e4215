// The keys page's order: a rolled key sits beside the key that replaces it.

type LineageKey = { id: string; rootKeyId: string | null; createdAt: Date; status: string };

export type KeyInLineage<K> = {
  key: K;
  /** The newer key of the same lineage that replaced this one (rolled from it); null: none. */
  replacedBy: K | null;
  /** The older key this one replaced; null: an original, or its predecessor is gone. */
  replaces: K | null;
};

/**
 * The keys (newest first, as listApiKeys gives them) with every roll lineage kept together:
 * lineages in the order of their newest key, and in each the newest key first, then the keys it
 * replaced, each followed by what it replaces. Deleted keys are not expected (the page omits them).
 */
export function orderByLineage<K extends LineageKey>(keys: K[]): KeyInLineage<K>[] {
  const lineages = new Map<string, K[]>();
  for (const key of keys) {
    const root = key.rootKeyId ?? key.id;
    const members = lineages.get(root);
    if (members) members.push(key);
    else lineages.set(root, [key]);
  }
  const ordered: KeyInLineage<K>[] = [];
  for (const members of lineages.values()) {
    const newestFirst = [...members].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
    );
    newestFirst.forEach((key, index) => {
      ordered.push({
        key,
        replacedBy: index > 0 ? newestFirst[index - 1]! : null,
        replaces: newestFirst[index + 1] ?? null,
      });
    });
  }
  return ordered;
}
