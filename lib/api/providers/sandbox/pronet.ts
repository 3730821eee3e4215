// Sandbox data for the pronet family: post search one page of 10 at a time, posts by people
// (with a headline) and by company pages.
import { familySite } from '../../families';
import type { PronetPost } from '../../registry/pronet';
import type { FamilyPath, ParamsOf } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { hashtagsOf, itemRng, listSeed, pageWindow, person, tagWords } from './people';
import { formatDate, SANDBOX_NOW, sentence, throwOnSandboxInput, titleWords } from './random';

const PAGE = 10;
const MAX_PAGES = 25;
const roles = ['Data Engineer', 'Head of Product', 'Recruiter', 'Software Engineer', 'Founder', 'Marketing Lead'];
const companies = ['Northwind', 'Contoso', 'Fabrikam', 'Tailspin', 'Wingtip', 'Litware'];

type PostsQuery = ParamsOf<'/v1/pronet/posts'>;

function searchPosts(params: PostsQuery) {
  throwOnSandboxInput(params, []);
  const { source, domain } = familySite('pronet');
  const seed = listSeed('/v1/pronet/posts', params);
  // The results that exist for the query; the page shows its slice of them.
  const available = pageWindow(itemRng(seed, -1), PAGE, MAX_PAGES, MAX_PAGES).count;
  const first = (params.page - 1) * PAGE;
  const posts: PronetPost[] = [];
  for (let i = first; i < Math.min(available, first + PAGE); i++) {
    const rng = itemRng(seed, i);
    const company = rng.bool(0.25);
    const who = person(rng);
    const name = company ? rng.pick(companies) : who.name;
    const slug = company ? name.toLowerCase() : who.handle.replace(/[._]/g, '-');
    const tag = rng.bool(0.6) ? rng.pick(tagWords) : '';
    const snippet = `${sentence(rng)} ${params.query}${tag ? ` #${tag}` : ''}`;
    const activity = `${7_300_000_000_000_000_000n + BigInt(rng.int(0, 2_000_000_000)) * 1000n}`;
    const likes = rng.int(0, 5000);
    posts.push({
      title: `${name} on ${source}: ${titleWords(rng, 3)}`,
      url: `https://${domain}/posts/${slug}_activity-${activity}`,
      date: formatDate(SANDBOX_NOW - rng.int(0, 180 * 86400)),
      author: name,
      author_headline: company ? '' : `${rng.pick(roles)} at ${rng.pick(companies)}`,
      author_url: `https://${domain}/${company ? 'company' : 'in'}/${slug}`,
      author_type: company ? 'company' : 'person',
      source,
      domain,
      snippet,
      likes,
      comments: Math.floor(likes / rng.int(5, 30)),
      reposts: Math.floor(likes / rng.int(10, 60)),
      hashtags: hashtagsOf(snippet),
      post_id: activity,
    });
  }
  return {
    body: {
      posts,
      query: params.query,
      page: params.page,
      has_next_page: first + PAGE < available,
      count: posts.length,
    },
    pagesReturned: 1,
  };
}

export const pronetSandbox: SandboxHandlers<FamilyPath<'pronet'>> = {
  '/v1/pronet/posts': searchPosts,
};

export const pronetSandboxNotes: string[] = [
  '`GET /v1/pronet/posts?query=sandbox_rate_limited` → 429 upstream_rate_limit (sandbox_upstream_error → 502, sandbox_timeout → 504)',
];
