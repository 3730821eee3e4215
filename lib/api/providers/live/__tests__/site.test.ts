// The `source` and `domain` of live records: each adapter declares its platform's own (the spec's
// "platform's display name and its domain"); the sandbox keeps the neutral defaults; the operator's
// FAMILY_<NAME>_SOURCE/_DOMAIN win.
import { describe, expect, test } from 'vitest';
import { familySite } from '../../../families';
import { liveAdapters } from '../adapters';
import { politicnetSite } from '../politicnet';
import { liveSiteFor } from '../site';
import type { LiveAdapter } from '../types';
import { testAdapter } from './support/test-adapter';

const adapter = (site: LiveAdapter['site']): LiveAdapter => ({ ...testAdapter(), site });

describe('live records carry the platform’s own source and domain', () => {
  test('every registered adapter declares its platform’s site (none left on the neutral defaults)', () => {
    for (const [family, registered] of Object.entries(liveAdapters)) {
      expect({ family, site: registered.site === undefined }).toEqual({ family, site: false });
      const site = liveSiteFor(registered, registered.defaultBaseUrl, {});
      if (registered.site === 'per-record') continue;
      expect({ family, domain: site.domain.endsWith('.example') }).toEqual({ family, domain: false });
    }
  });

  test('the platforms of the existing adapters at their default addresses', () => {
    const at = (family: keyof typeof liveAdapters) =>
      liveSiteFor(liveAdapters[family]!, liveAdapters[family]!.defaultBaseUrl, {});
    expect(at('forumsite')).toEqual({ source: 'Reddit', domain: 'reddit.com' });
    expect(at('videosite')).toEqual({ source: 'YouTube', domain: 'youtube.com' });
    expect(at('openmicro')).toEqual({ source: 'Bluesky', domain: 'bsky.app' });
    expect(at('politicnet')).toEqual({ source: 'Mastodon', domain: 'mastodon.social' });
    expect(at('newsletter')).toEqual({ source: 'Substack', domain: 'substack.com' });
  });

  test('a Mastodon server is named by its own domain, Truth Social by its name', () => {
    expect(politicnetSite('https://truthsocial.com')).toEqual({ source: 'Truth Social', domain: 'truthsocial.com' });
    expect(politicnetSite('https://www.truthsocial.com/')).toEqual({
      source: 'Truth Social',
      domain: 'truthsocial.com',
    });
    expect(politicnetSite('https://social.tchncs.de')).toEqual({ source: 'Mastodon', domain: 'social.tchncs.de' });
  });

  test('a site that depends on the base address is given the address in use', () => {
    const site = liveSiteFor(
      adapter((base) => ({ source: 'Base', domain: new URL(base).host })),
      'http://h.test:81',
      {},
    );
    expect(site).toEqual({ source: 'Base', domain: 'h.test:81' });
  });

  test('the operator’s FAMILY_<NAME>_SOURCE and _DOMAIN win over the declared site', () => {
    const declared = adapter({ source: 'Platform', domain: 'platform.test' });
    expect(liveSiteFor(declared, 'https://x.test', { FAMILY_TEXTTHREADS_DOMAIN: 'proxy.test' })).toEqual({
      source: 'Platform',
      domain: 'proxy.test',
    });
    expect(liveSiteFor(declared, 'https://x.test', { FAMILY_TEXTTHREADS_SOURCE: 'Mine' }).source).toBe('Mine');
  });

  test('an adapter whose records name their own site gets the family’s defaults in its context', () => {
    expect(liveSiteFor(adapter('per-record'), 'https://x.test', {})).toEqual(familySite('textthreads'));
  });
});
