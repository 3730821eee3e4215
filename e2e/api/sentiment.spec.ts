// get_sentiment=true through both places /v1 is served: the console's origin (Next, which the
// explorer calls) and the API server on API_PORT. Each must analyse every record of the page.
import { expect, test } from '@playwright/test';

import { signUp } from '../helpers/accounts';
import { createKey } from '../helpers/keys';
import { API_PORT } from '../helpers/ports';

/** Where each request goes: '' is the page's own origin, the console. */
const origins = { 'the console (Next)': '', 'the API server': `http://localhost:${API_PORT}` };

test.describe('get_sentiment=true', () => {
  for (const [where, origin] of Object.entries(origins)) {
    test(`adds a sentiment object to every post of a page served by ${where}`, async ({ page, request }) => {
      await signUp(page);
      const key = await createKey(page);
      const response = await request.get(
        `${origin}/v1/forumsite/community/posts?community=AskScience&get_sentiment=true`,
        {
          headers: { 'X-API-Key': key },
        },
      );
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { posts: { sentiment: unknown }[] };
      expect(body.posts.length).toBeGreaterThan(0);
      for (const post of body.posts) {
        expect(post.sentiment).toMatchObject({
          dominant_emotion: expect.any(String),
          polarity: expect.stringMatching(/^(positive|negative|neutral)$/),
          emotional_intensity: expect.any(Number),
        });
      }
    });
  }
});
