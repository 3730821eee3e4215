// Each family's `source` and `domain`: the one table. The spec hides the platforms' real names,
// so the defaults are neutral; an operator sets the real ones with FAMILY_<NAME>_SOURCE and
// FAMILY_<NAME>_DOMAIN (e.g. FAMILY_SHOP_DOMAIN).
import type { Family } from './registry/types';

const defaults: Record<Family, { source: string; domain: string }> = {
  shop: { source: 'Shop', domain: 'shop.example' },
  openmicro: { source: 'Openmicro', domain: 'openmicro.example' },
  socialnet: { source: 'Socialnet', domain: 'socialnet.example' },
  photonet: { source: 'Photonet', domain: 'photonet.example' },
  forumsite: { source: 'Forumsite', domain: 'forumsite.example' },
  newsletter: { source: 'Newsletter', domain: 'newsletter.example' },
  textthreads: { source: 'Textthreads', domain: 'textthreads.example' },
  clipnet: { source: 'Clipnet', domain: 'clipnet.example' },
  politicnet: { source: 'Politicnet', domain: 'politicnet.example' },
  videosite: { source: 'Videosite', domain: 'videosite.example' },
  xnet: { source: 'Xnet', domain: 'xnet.example' },
  news: { source: 'News', domain: 'news.example' },
};

export function familySite(family: Family): { source: string; domain: string } {
  const env = process.env;
  const key = `FAMILY_${family.toUpperCase()}`;
  return {
    source: env[`${key}_SOURCE`] ?? defaults[family].source,
    domain: env[`${key}_DOMAIN`] ?? defaults[family].domain,
  };
}
