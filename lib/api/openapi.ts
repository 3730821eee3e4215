// GET /v1/openapi.json: the OpenAPI 3.1 document, generated from the registry.
import { z } from 'zod';
import { formatPrice } from '@/lib/money';

import { errorStatus } from './errors';
import { groupTitles } from './families';
import { FREE_UNITS_PER_MONTH, SENTIMENT_SURCHARGE_MICROS } from './pricing';
import { endpoints } from './registry';
import { parameterRules } from './registry/params';
import { batchRequestSchema as batchBody } from './registry/platform';
import { type EndpointDefinition, endpointGroup } from './registry/types';

type JsonSchema = Record<string, unknown>;

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** What get_sentiment adds and how good it is; figures from lib/sentiment/README.md. */
export const sentimentParameterDescription =
  'Adds `sentiment` to each record: eight Plutchik emotion scores 0-100 (50 or more means present), the ' +
  'dominant emotion (ties go to joy, trust, fear, surprise, sadness, disgust, anger, anticipation, in that ' +
  'order), an intensity 0-10 and a polarity; null when the text has nothing to read. Trained on English ' +
  'Reddit comments and movie subtitles: held-out macro-F1 0.56 on Reddit comments (GoEmotions), 0.36 on ' +
  'subtitles (XED); polarity macro-recall 0.73. Other languages: only emoji, emoticons, capitals, ' +
  'exclamation marks and English words count, so expect mostly neutral, low-intensity results unless ' +
  'emoji carry the feeling.';

/** Query parameters with their constraints, as the value means them (integers, booleans). */
export function queryParameters(endpoint: EndpointDefinition): JsonSchema[] {
  const schema = jsonSchema(endpoint.params, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const shape = endpoint.params instanceof z.ZodObject ? (endpoint.params.shape as Record<string, z.ZodType>) : {};
  return Object.entries(properties).map(([name, property]) => {
    const clean = { ...property };
    if (clean.type === 'integer' || clean.type === 'number' || clean.type === 'boolean') {
      delete clean.pattern;
      delete clean.enum;
    }
    const fallback = shape[name]?.safeParse(undefined);
    if (fallback?.success && fallback.data !== undefined) clean.default = fallback.data;
    else delete clean.default;
    const description = name === 'get_sentiment' ? { description: sentimentParameterDescription } : {};
    return { name, in: 'query', required: required.has(name), ...description, schema: clean };
  });
}

/** The headers every answer of a data endpoint carries (declared once under components.headers). */
export const billingHeaders: Record<string, { description: string; type: 'integer' | 'string' }> = {
  'X-Request-Id': {
    description: "This call's id; quote it to support. Batch items carry `<id>_<index>`.",
    type: 'string',
  },
  'X-Billed-Units': {
    description: 'Units billed for this call (pages returned, or 1 per request; 0 when refused or not billed).',
    type: 'integer',
  },
  'X-Free-Units': { description: "How many of the billed units came out of this month's free tier.", type: 'integer' },
  'X-Billed-Amount-Micros': {
    description: 'What this call costs in micro-dollars, after the free units (1,000,000 = $1).',
    type: 'integer',
  },
  'X-Free-Tier-Remaining': {
    description: 'Free units of this endpoint left this month, after this call.',
    type: 'integer',
  },
};

const headerRefs = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

function errorResponses(endpoint: EndpointDefinition): Record<string, JsonSchema> {
  const byStatus = new Map<number, string[]>();
  for (const [code, status] of Object.entries(errorStatus))
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  const responses: Record<string, JsonSchema> = {};
  for (const [status, codes] of byStatus) {
    if (status === 413 && endpoint.method !== 'POST') continue;
    responses[String(status)] = {
      description: `Error; code one of: ${codes.join(', ')}`,
      headers: headerRefs(endpoint.priceMicros > 0 ? Object.keys(billingHeaders) : ['X-Request-Id']),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return responses;
}

function priceNote(endpoint: EndpointDefinition): string {
  if (endpoint.priceMicros === 0) return 'Free; not counted.';
  const dollars = formatPrice(endpoint.priceMicros);
  const sentiment = endpoint.sentiment
    ? ` get_sentiment=true adds ${formatPrice(SENTIMENT_SURCHARGE_MICROS)} per ${endpoint.billingUnit}, unless no record returned has text to read.`
    : '';
  return `${dollars} per ${endpoint.billingUnit === 'page' ? 'page returned' : 'request'}; the first ${FREE_UNITS_PER_MONTH} per month are free.${sentiment} At most ${endpoint.concurrency} simultaneous requests per account.`;
}

function operation(endpoint: EndpointDefinition): JsonSchema {
  const op: JsonSchema = {
    operationId: endpoint.path.slice(4).replace(/\//g, '_'),
    summary: endpoint.summary,
    description: `${endpoint.description}\n\n${priceNote(endpoint)}`,
    tags: [endpointGroup(endpoint)],
    security: [{ ApiKey: [] }],
    parameters: queryParameters(endpoint),
    responses: {
      '200': {
        description: 'Success',
        headers: headerRefs(
          endpoint.priceMicros > 0 || endpoint.path === '/v1/batch' ? Object.keys(billingHeaders) : ['X-Request-Id'],
        ),
        content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } },
      },
      ...errorResponses(endpoint),
    },
    'x-price-micros': endpoint.priceMicros,
    'x-billing-unit': endpoint.billingUnit,
    'x-concurrency-limit': endpoint.concurrency,
    ...(endpoint.paging ? { 'x-paging': endpoint.paging } : {}),
    ...(parameterRules(endpoint.params).length > 0 ? { 'x-parameter-rules': parameterRules(endpoint.params) } : {}),
  };
  return op;
}

/** The document, `servers` naming `serverUrl`: the API's one public address (apiBaseUrl()). */
export function buildOpenApiDocument(serverUrl: string): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const endpoint of endpoints) {
    const op = operation(endpoint);
    if (endpoint.path === '/v1/batch') {
      // The batch body is described by the registry's batch schema.
      op.parameters = [];
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(batchBody, 'input') } },
      };
    }
    paths[endpoint.path] = { [endpoint.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public data API',
      version: '1.1.0',
      description:
        'Real-time public data from social networks, forums, a marketplace and news through one REST API. Every request carries X-API-Key.',
    },
    servers: [{ url: serverUrl.replace(/\/+$/, '') }],
    tags: Object.entries(groupTitles).map(([name, { title, description }]) => ({
      name,
      'x-displayName': title,
      description,
    })),
    security: [{ ApiKey: [] }],
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      headers: Object.fromEntries(
        Object.entries(billingHeaders).map(([name, h]) => [
          name,
          { description: h.description, schema: { type: h.type } },
        ]),
      ),
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'code'],
          properties: { error: { type: 'string' }, code: { type: 'string', enum: Object.keys(errorStatus) } },
        },
      },
    },
    paths,
  };
}
