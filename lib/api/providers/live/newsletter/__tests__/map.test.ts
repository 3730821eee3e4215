// Substack publication objects (recorded) -> the spec's newsletter publication, field by field.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { newsletterPublicationSchema } from '@/lib/api/registry/newsletter';
import { postByIdSchema, substackPublicationSchema, toNewsletterPublication } from '../map';
import { publicationHost } from '../client';

const root = path.resolve(import.meta.dirname, '../../../../../..');
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(root, 'data/live/newsletter', file), 'utf8')) as unknown;
const site = { source: 'Newsletter', domain: 'newsletter.example' };

describe('newsletter publication mapping', () => {
  test('maps the recorded Workflow Forge publication field by field', () => {
    const raw = postByIdSchema.parse(read('posts-by-id-167180194.json')).publication;
    const record = toNewsletterPublication(raw, site);
    expect(newsletterPublicationSchema.parse(record)).toEqual(record);
    expect(record).toEqual({
      publication_id: '4980083',
      name: 'Workflow Forge',
      subdomain: 'angelsant',
      url: 'https://angelsant.substack.com',
      custom_domain: '',
      description:
        'Actionable automation tips for solopreneurs and creators — fresh workflows every week using tools like n8n and more.',
      logo_url: raw.logo_url,
      cover_image_url:
        'https://substack-post-media.s3.amazonaws.com/public/images/230c970e-0a72-494b-a5cd-2fa0a2acd67a_500x500.png',
      author: 'angelsant',
      author_name: 'Angel Rodriguez Santiago',
      author_id: '343074721',
      author_url: 'https://substack.com/@angelsant',
      author_pic_url: raw.author_photo_url,
      subscriber_count: null,
      subscriber_count_label: 'Hundreds of subscribers',
      ranking_detail: 'Launched 2 months ago',
      paid_subscriber_band: '',
      paid_subscriber_floor: 0,
      bestseller_tier: 0,
      is_bestseller: false,
      paid_enabled: false,
      plans: [],
      has_podcast: false,
      podcast: null,
      sections: [],
      logo_url_wide: raw.logo_url_wide,
      founding_plan_name: 'Founding Member',
      has_recommendations: true,
      has_chat: false,
      language: 'en',
      type: 'newsletter',
      xnet_handle: '',
      created_at: '2025-05-10 15:29:52',
      first_post_date: '2025-05-31 18:39:41',
      source: 'Newsletter',
      domain: 'newsletter.example',
      contributors: [
        {
          username: 'angelsant',
          full_name: 'Angel Rodriguez Santiago',
          user_id: '343074721',
          biography: 'hey there! been working on data + analytics for the past 7 years. excited to share what I know!',
          profile_pic_url:
            'https://substack-post-media.s3.amazonaws.com/public/images/66fe4c4c-3037-4990-86f2-189f665acda4_1024x1024.jpeg',
          bestseller_tier: 0,
          is_byline_only: false,
          url: 'https://substack.com/@angelsant',
        },
      ],
    });
  });

  test('maps a custom domain, Stripe plans, a podcast and two contributors (slys.dev)', () => {
    const raw = substackPublicationSchema.parse(
      (read('comment-attachment-response.json') as { publication: unknown }).publication,
    );
    const record = toNewsletterPublication(raw, site);
    expect(newsletterPublicationSchema.parse(record)).toEqual(record);
    expect(record.url).toBe('https://iam.slys.dev');
    expect(record.custom_domain).toBe('iam.slys.dev');
    expect(record.paid_enabled).toBe(true);
    expect(record.plans).toContainEqual({ interval: 'year', amount: 8000, currency: 'usd' });
    expect(record.plans.every((p) => p.interval === 'month' || p.interval === 'year')).toBe(true);
    expect(record.has_podcast).toBe(true);
    expect(record.podcast).toMatchObject({ host: expect.any(String), is_free: raw.has_free_podcast ?? false });
    expect(record.contributors.map((c) => [c.username, c.biography])).toEqual([
      [
        'jakubslys',
        'Ever wonder how Uber matches rides 🚗 in seconds or how OpenAI 🤖 chats like a human? 💻 Engineer @ Pega | ex-Sabre | ex-Nokia',
      ],
      ['annaslys', ''],
    ]);
    expect(record.first_post_date).toBe('2023-01-15 16:08:55');
  });

  test('gives the spec empty values for a publication object missing its optional fields', () => {
    const record = toNewsletterPublication(
      substackPublicationSchema.parse({
        id: 1,
        name: 'Bare',
        subdomain: 'bare',
        created_at: '2024-01-02T03:04:05.000Z',
      }),
      site,
    );
    expect(newsletterPublicationSchema.parse(record)).toEqual(record);
    expect(record).toMatchObject({
      url: 'https://bare.substack.com',
      custom_domain: '',
      description: '',
      author: '',
      author_id: '',
      author_url: '',
      subscriber_count: null,
      plans: [],
      podcast: null,
      sections: [],
      contributors: [],
      language: '',
      first_post_date: '2024-01-02 03:04:05',
    });
  });

  test('reads a publication host from a subdomain, a host, a custom domain or a URL, and refuses others', () => {
    expect(publicationHost('slys')).toBe('slys.substack.com');
    expect(publicationHost('Slys.Substack.com')).toBe('slys.substack.com');
    // A bare name is a Substack subdomain, never a host of our network.
    expect(publicationHost('http://localhost/')).toBe('localhost.substack.com');
    expect(publicationHost('https://www.slys.substack.com/p/post')).toBe('slys.substack.com');
    expect(publicationHost('https://iam.slys.dev/p/understanding-locking-contention')).toBe('iam.slys.dev');
    for (const bad of [
      '127.0.0.1',
      'http://169.254.169.254/latest',
      'db.internal',
      'https://a.b.c:8080/',
      'https://u:p@x.com',
      'substack.com',
      'a b',
    ]) {
      expect(publicationHost(bad), bad).toBeNull();
    }
  });
});
