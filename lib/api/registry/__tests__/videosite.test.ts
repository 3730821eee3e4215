import { describe, expect, it } from 'vitest';
import { handlerAt } from '@/lib/api/providers/handlers';
import {
  SANDBOX_MISSING_CHANNEL_ID,
  videositeSandbox,
  videositeSandboxNotes,
} from '@/lib/api/providers/sandbox/videosite';
import { toParameterError } from '../params';
import { ProviderError } from '../types';
import { videositeChannelSchema, videositeEndpoints } from '../videosite';

const PATH = '/v1/videosite/channel';
const endpoint = videositeEndpoints[0]!;

async function call(raw: Partial<Record<string, string>>) {
  return handlerAt(videositeSandbox, PATH)!(endpoint.params.parse(raw));
}

function paramError(raw: Record<string, string>) {
  const result = endpoint.params.safeParse(raw);
  if (result.success) throw new Error(`expected ${JSON.stringify(raw)} to be rejected`);
  return toParameterError(result.error, raw);
}

const validId = 'UCsXVk37bltHxD1rDPwtNM8Q';

describe('videosite channel registry and sandbox', () => {
  it('is priced $0.005 per request and does not bill channel_not_found', () => {
    expect(endpoint).toMatchObject({
      path: PATH,
      priceMicros: 5000,
      billingUnit: 'request',
      concurrency: 10,
      sentiment: false,
    });
    expect(endpoint.billedErrors).toEqual({});
  });

  it('parses the example and returns a channel with every field', async () => {
    expect(endpoint.params.safeParse(endpoint.example).success).toBe(true);
    const { body, pagesReturned } = await call(endpoint.example);
    expect(endpoint.response.parse(body)).toEqual(body);
    expect(pagesReturned).toBe(1);
    expect(Object.keys(body.channel as object).sort()).toEqual(Object.keys(videositeChannelSchema.shape).sort());
  });

  it.each([
    ['id', { id: validId }],
    ['a /channel/ URL', { url: `https://videosite.example/channel/${validId}` }],
    ['an @handle URL', { url: 'https://videosite.example/@sciencefriday/videos' }],
    ['a /c/ URL', { url: 'videosite.example/c/SciShow' }],
    ['a /user/ URL', { url: 'https://www.videosite.example/user/vsauce' }],
    ['a name', { name: 'Kurzgesagt In a Nutshell' }],
  ])('answers a schema-valid channel for %s, the same each time', async (_label, raw) => {
    const first = await call(raw);
    expect(endpoint.response.safeParse(first.body).success).toBe(true);
    expect(await call(raw)).toEqual(first);
  });

  it('keeps the channel ID it was asked for', async () => {
    const byId = (await call({ id: validId })).body.channel as { channel_id: string; url: string };
    expect(byId.channel_id).toBe(validId);
    const byUrl = (await call({ url: `https://videosite.example/channel/${validId}` })).body.channel as {
      channel_id: string;
    };
    expect(byUrl.channel_id).toBe(validId);
  });

  it.each([
    { name: 'sandbox_not_found' },
    { name: '@sandbox_not_found' },
    { url: 'https://videosite.example/@sandbox_not_found' },
    { id: SANDBOX_MISSING_CHANNEL_ID },
  ])('answers channel_not_found for %o', async (raw) => {
    await expect(call(raw)).rejects.toSatisfy((e) => e instanceof ProviderError && e.code === 'channel_not_found');
  });

  it('answers name=sandbox_rate_limited with upstream_rate_limit', async () => {
    await expect(call({ name: 'sandbox_rate_limited' })).rejects.toSatisfy(
      (e) => e instanceof ProviderError && e.code === 'upstream_rate_limit',
    );
  });

  it('documents a 24-character not-found channel ID that passes validation', () => {
    expect(SANDBOX_MISSING_CHANNEL_ID).toHaveLength(24);
    expect(endpoint.params.safeParse({ id: SANDBOX_MISSING_CHANNEL_ID }).success).toBe(true);
    expect(videositeSandboxNotes.join('\n')).toContain(SANDBOX_MISSING_CHANNEL_ID);
  });
});

describe('videosite channel parameter errors', () => {
  const cases: [string, Record<string, string>, { code: string; error: string }][] = [
    [
      'rejects a call with no identifier as missing_parameter',
      {},
      { code: 'missing_parameter', error: "Missing parameter: provide exactly one of 'id' or 'url' or 'name'" },
    ],
    [
      'rejects id and name together as invalid_parameter',
      { id: validId, name: 'x' },
      { code: 'invalid_parameter', error: "Invalid parameters: provide exactly one of 'id' or 'url' or 'name', not 2" },
    ],
    [
      'rejects url and name together as invalid_parameter',
      { url: 'https://videosite.example/@a', name: 'x' },
      { code: 'invalid_parameter', error: "Invalid parameters: provide exactly one of 'id' or 'url' or 'name', not 2" },
    ],
    [
      'rejects a 23-character id as invalid_parameter',
      { id: validId.slice(0, 23) },
      {
        code: 'invalid_parameter',
        error: "Invalid parameter 'id': must be a 24-character channel ID starting with UC",
      },
    ],
    [
      'rejects an id not starting with UC as invalid_parameter',
      { id: `UU${validId.slice(2)}` },
      {
        code: 'invalid_parameter',
        error: "Invalid parameter 'id': must be a 24-character channel ID starting with UC",
      },
    ],
    [
      'rejects a video URL as invalid_parameter',
      { url: 'https://videosite.example/watch?v=abc' },
      {
        code: 'invalid_parameter',
        error: "Invalid parameter 'url': must be a channel URL in /channel/, /@handle, /c/ or /user/ form",
      },
    ],
    [
      'rejects a 501-character url as invalid_parameter',
      { url: `https://videosite.example/@${'a'.repeat(480)}` },
      { code: 'invalid_parameter', error: "Invalid parameter 'url': must be at most 500 characters" },
    ],
    [
      'rejects a 101-character name as invalid_parameter',
      { name: 'n'.repeat(101) },
      { code: 'invalid_parameter', error: "Invalid parameter 'name': must be at most 100 characters" },
    ],
    [
      'rejects get_sentiment as an unknown parameter',
      { name: 'x', get_sentiment: 'true' },
      { code: 'invalid_parameter', error: "Unknown parameter 'get_sentiment'" },
    ],
  ];
  it.each(cases)('%s', (_name, raw, expected) => {
    expect(paramError(raw)).toEqual(expected);
  });
});
