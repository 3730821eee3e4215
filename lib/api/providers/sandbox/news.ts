// Sandbox handler of the news family: article search, newest first.
import type { NewsArticle } from '../../registry/news';
import type { FamilyPath } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { SANDBOX_NOW, formatDate, rngFor, sentence, throwOnSandboxInput, titleWords } from './random';
import { baseSeed, descendingTimes, itemRng, person, slugify, titleCase } from './texts';

// Made-up outlets on reserved .example domains: a news search spans many publishers.
const outlets: readonly { source: string; domain: string; language: string }[] = [
  { source: 'The Daily Ledger', domain: 'dailyledger.example', language: 'en' },
  { source: 'Metro Courier', domain: 'metrocourier.example', language: 'en' },
  { source: 'Global Wire', domain: 'globalwire.example', language: 'en' },
  { source: 'Tech Current', domain: 'techcurrent.example', language: 'en' },
  { source: 'Harbour Times', domain: 'harbourtimes.example', language: 'en' },
  { source: 'El Observador', domain: 'elobservador.example', language: 'es' },
  { source: 'Rundschau Heute', domain: 'rundschau.example', language: 'de' },
];
const sections = ['world', 'business', 'technology', 'science', 'politics', 'culture'];

export const newsSandbox: SandboxHandlers<FamilyPath<'news'>> = {
  '/v1/news/articles': (params) => {
    throwOnSandboxInput(params, []);
    const { query, limit } = params;
    // Matches per query do not depend on the limit, so a larger limit extends a smaller one.
    const rng = rngFor('/v1/news/articles', { query });
    const matches = rng.bool(0.3) ? rng.int(1, 30) : 100;
    const count = Math.min(limit, matches);
    const seed = baseSeed(rng);
    const times = descendingTimes(rng, SANDBOX_NOW, count, 5 * 3600);
    const topic = titleCase(query);
    const articles: NewsArticle[] = new Array<NewsArticle>(count);
    for (let i = 0; i < count; i++) {
      const r = itemRng(seed, i);
      const outlet = r.pick(outlets);
      const title = `${topic}: ${titleWords(r, r.int(4, 8))}`;
      const ts = times[i]!;
      const day = formatDate(ts).slice(0, 10).replace(/-/g, '/');
      articles[i] = {
        title,
        url: `https://www.${outlet.domain}/${r.pick(sections)}/${day}/${slugify(title)}`,
        source: outlet.source,
        domain: outlet.domain,
        snippet: r.bool(0.1) ? title : `${sentence(r)} ${sentence(r)}`,
        date: formatDate(ts),
        date_timestamp: ts,
        author: r.bool(0.2) ? '' : person(r).name,
        image_url: r.bool(0.15) ? '' : `https://cdn.${outlet.domain}/images/${r.id(12)}.jpg`,
        language: outlet.language,
      };
    }
    return { body: { articles, limit, count }, pagesReturned: 1 };
  },
};

export const newsSandboxNotes: string[] = [
  '`GET /v1/news/articles?query=sandbox_rate_limited` → 429 upstream_rate_limit',
  '`GET /v1/news/articles?query=<any>&limit=100`: most queries fill the limit; about one in three matches only 1-30 articles, so `count` < `limit`',
];
