// Builder of the sandbox newsletter publication record, and how a `publication` input (subdomain,
// host, custom domain or URL) names one.
import type { NewsletterPublication } from '../../registry/newsletter-records';
import { langs, newsletterCategories, paidStanding, type Site } from './newsletter-records';
import { type Rng, SANDBOX_NOW, formatDate, sentence } from './random';
import { compactCount, person, titleCase } from './texts';

/** Where the publication lives: a subdomain of the platform or a custom domain. */
export function parsePublication(input: string, site: Site): { subdomain: string; customDomain: string } {
  const host = input
    .replace(/^https?:\/\//i, '')
    .split(/[/?#]/)[0]!
    .toLowerCase()
    .replace(/^www\./, '');
  if (!host.includes('.')) return { subdomain: host, customDomain: '' };
  if (host.endsWith(`.${site.domain}`)) return { subdomain: host.slice(0, -site.domain.length - 1), customDomain: '' };
  return { subdomain: host.split('.')[0]!, customDomain: host };
}

export function buildPublication(
  rng: Rng,
  site: Site,
  subdomain: string,
  customDomain: string,
  id?: string,
): NewsletterPublication {
  const who = person(rng);
  const publication_id = id ?? rng.id(7, '0123456789').replace(/^0/, '1');
  const standing = paidStanding(rng);
  const hidden = rng.bool(0.2);
  const subscribers = Math.round(rng.int(100, 900_000) / 100) * 100;
  const podcast = rng.bool(0.3);
  const paid = standing.floor > 0 || rng.bool(0.3);
  const created = rng.timestamp(3000);
  const name = titleCase(subdomain);
  const url = customDomain ? `https://${customDomain}` : `https://${subdomain}.${site.domain}`;
  const author_id = rng.id(8, '0123456789').replace(/^0/, '1');
  const contributors: NewsletterPublication['contributors'] = [];
  const n = rng.int(1, 3);
  for (let i = 0; i < n; i++) {
    const c = i === 0 ? who : person(rng);
    const uid = i === 0 ? author_id : rng.id(8, '0123456789').replace(/^0/, '1');
    contributors.push({
      username: c.handle,
      full_name: c.name,
      user_id: uid,
      biography: sentence(rng),
      profile_pic_url: `https://${site.domain}/img/avatars/${uid}.jpg`,
      bestseller_tier: i === 0 ? standing.tier : 0,
      is_byline_only: i > 0 && rng.bool(0.5),
      url: `https://${site.domain}/@${c.handle}`,
    });
  }
  return {
    publication_id,
    name,
    subdomain,
    url,
    custom_domain: customDomain,
    description: `${sentence(rng)} A newsletter about ${name.toLowerCase()}.`,
    logo_url: `https://${site.domain}/img/pub/${publication_id}/logo.png`,
    cover_image_url: rng.bool(0.6) ? `https://${site.domain}/img/pub/${publication_id}/cover.jpg` : '',
    author: who.handle,
    author_name: who.name,
    author_id,
    author_url: `https://${site.domain}/@${who.handle}`,
    author_pic_url: `https://${site.domain}/img/avatars/${author_id}.jpg`,
    subscriber_count: hidden ? null : subscribers,
    subscriber_count_label: hidden ? '' : `${compactCount(subscribers)}+ subscribers`,
    ranking_detail: standing.tier > 0 ? `#${rng.int(1, 50)} in ${rng.pick(newsletterCategories).name}` : '',
    paid_subscriber_band: standing.band,
    paid_subscriber_floor: standing.floor,
    bestseller_tier: standing.tier,
    is_bestseller: standing.tier > 0,
    paid_enabled: paid,
    plans: paid
      ? [
          { interval: 'month', amount: 800, currency: 'usd' },
          { interval: 'year', amount: 8000, currency: 'usd' },
        ]
      : [],
    has_podcast: podcast,
    podcast: podcast
      ? {
          title: `${name} Podcast`,
          description: sentence(rng),
          art_url: `https://${site.domain}/img/pub/${publication_id}/podcast.jpg`,
          host: who.name,
          is_free: !paid || rng.bool(0.5),
          is_subscriber_only: paid && rng.bool(0.3),
        }
      : null,
    sections: rng.bool(0.5)
      ? [{ section_id: rng.id(6, '0123456789'), name: 'Dispatches', slug: 'dispatches', is_podcast: false }]
      : [],
    logo_url_wide: rng.bool(0.3) ? `https://${site.domain}/img/pub/${publication_id}/logo-wide.png` : '',
    founding_plan_name: paid && rng.bool(0.5) ? 'Founding Member' : '',
    has_recommendations: rng.bool(0.7),
    has_chat: rng.bool(0.4),
    language: rng.pick(langs),
    type: podcast && rng.bool(0.3) ? 'podcast' : 'newsletter',
    xnet_handle: rng.bool(0.5) ? who.handle : '',
    created_at: formatDate(created),
    first_post_date: formatDate(Math.min(SANDBOX_NOW - 3600, created + rng.int(3600, 30 * 86400))),
    source: site.source,
    domain: site.domain,
    contributors,
  };
}
