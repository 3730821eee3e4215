// One endpoint as the reference and the explorer show it, derived from the registry through the
// same functions that write openapi.json (queryParameters, jsonSchema), so nothing is described
// twice. Plain data: safe to pass from a server component to a client one.
import { groupTitle } from '@/lib/api/families';
import { jsonSchema, queryParameters } from '@/lib/api/openapi';
import { SENTIMENT_SURCHARGE_MICROS } from '@/lib/api/pricing';
import { describeRule, parameterRules, type ParameterRule } from '@/lib/api/registry/params';
import { type EndpointDefinition, type EndpointGroup, endpointGroup } from '@/lib/api/registry/types';

type JsonSchema = Record<string, unknown>;

export interface ParamField {
  name: string;
  required: boolean;
  type: 'string' | 'integer' | 'number' | 'boolean';
  enum?: string[];
  default?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  description?: string;
}

export interface ResponseField {
  name: string;
  type: string;
  nullable: boolean;
  /** The fields of each record, for a list or object of records. */
  fields?: ResponseField[];
}

export interface EndpointModel {
  path: string;
  method: 'GET' | 'POST';
  /** Where the reference, the picker and the pricing list it: its data family, or 'platform' for batch and the key check. */
  group: EndpointGroup;
  groupTitle: string;
  summary: string;
  description: string;
  priceMicros: number;
  sentimentSurchargeMicros: number;
  billingUnit: 'request' | 'page';
  pageSize: number | null;
  paging: { param: 'pages' | 'page'; max: number | null } | null;
  concurrency: number;
  sentiment: boolean;
  /** Where get_sentiment puts its results: the records' list and the text analysed. */
  sentimentTarget: { list: string; text: string } | null;
  params: ParamField[];
  rules: ParameterRule[];
  ruleTexts: string[];
  billedErrors: { code: string; units: number }[];
  example: Record<string, string>;
}

function paramField(parameter: JsonSchema): ParamField {
  const schema = (parameter.schema ?? {}) as JsonSchema;
  const type = (
    ['integer', 'number', 'boolean'].includes(String(schema.type)) ? schema.type : 'string'
  ) as ParamField['type'];
  const pick = <K extends keyof ParamField>(key: K): Partial<ParamField> =>
    schema[key] === undefined ? {} : { [key]: schema[key] };
  return {
    name: String(parameter.name),
    required: parameter.required === true,
    type,
    ...(Array.isArray(schema.enum) ? { enum: schema.enum.map(String) } : {}),
    ...pick('default'),
    ...pick('minimum'),
    ...pick('maximum'),
    ...pick('minLength'),
    ...pick('maxLength'),
    ...pick('format'),
    ...(typeof parameter.description === 'string' ? { description: parameter.description } : {}),
  };
}

function typeOf(schema: JsonSchema): { type: string; nullable: boolean; inner: JsonSchema } {
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) {
    const nonNull = variants.filter((v) => v.type !== 'null');
    const nullable = nonNull.length < variants.length;
    if (nonNull.length === 1) return { ...typeOf(nonNull[0]!), nullable: nullable || typeOf(nonNull[0]!).nullable };
    return { type: nonNull.map((v) => typeOf(v).type).join(' | '), nullable, inner: schema };
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [String(schema.type ?? 'any')];
  const nullable = types.includes('null');
  const main = types.filter((t) => t !== 'null');
  if (main[0] === 'array') {
    const items = typeOf((schema.items ?? {}) as JsonSchema);
    return { type: `${items.type}[]`, nullable, inner: items.inner };
  }
  if (Array.isArray(schema.enum))
    return { type: schema.enum.map((v) => JSON.stringify(v)).join(' | '), nullable, inner: schema };
  return { type: main.join(' | ') || 'any', nullable, inner: schema };
}

/** Fields of an object schema, one level of records below (a list's items or an object field). */
function responseFields(schema: JsonSchema, depth = 0): ResponseField[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).map(([name, property]) => {
    const { type, nullable, inner } = typeOf(property);
    const nested = depth < 2 && inner.properties ? responseFields(inner, depth + 1) : undefined;
    return {
      name,
      type: inner.properties && !type.includes('[]') ? 'object' : type.replace(/^object\[\]$/, 'object[]'),
      nullable,
      ...(nested ? { fields: nested } : {}),
    };
  });
}

export function describeEndpoint(endpoint: EndpointDefinition): EndpointModel {
  const rules = [...parameterRules(endpoint.params)];
  const group = endpointGroup(endpoint);
  return {
    path: endpoint.path,
    method: endpoint.method,
    group,
    groupTitle: groupTitle(group),
    summary: endpoint.summary,
    description: endpoint.description,
    priceMicros: endpoint.priceMicros,
    sentimentSurchargeMicros: endpoint.sentiment ? SENTIMENT_SURCHARGE_MICROS : 0,
    billingUnit: endpoint.billingUnit,
    pageSize: endpoint.pageSize ?? null,
    paging: endpoint.paging ?? null,
    concurrency: endpoint.concurrency,
    sentiment: endpoint.sentiment,
    sentimentTarget: endpoint.sentimentTarget ?? null,
    params: endpoint.method === 'GET' ? queryParameters(endpoint).map(paramField) : [],
    rules,
    ruleTexts: rules.map(describeRule),
    billedErrors: Object.entries(endpoint.billedErrors).map(([code, units]) => ({ code, units: units ?? 0 })),
    example: Object.fromEntries(
      Object.entries(endpoint.example).filter((e): e is [string, string] => e[1] !== undefined),
    ),
  };
}

/** The response's fields, for the reference (server side: the explorer does not need them). */
export function describeResponse(endpoint: EndpointDefinition): ResponseField[] {
  return responseFields(jsonSchema(endpoint.response, 'output'));
}

/** The anchor of an endpoint in the reference: "/v1/shop/products" → "shop-products". */
export function anchorOf(path: string): string {
  return path.replace(/^\/v1\//, '').replace(/[^a-z0-9]+/gi, '-');
}

export { dollars, priceText } from './price-text';
