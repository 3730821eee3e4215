// The registry: every /v1 endpoint, defined once. The gateway, billing, the OpenAPI document,
// the docs and the explorer read it; nothing else describes an endpoint.
import type { z } from 'zod';
import { clipnetEndpoints } from './clipnet';
import { forumsiteEndpoints } from './forumsite';
import { newsEndpoints } from './news';
import { newsletterEndpoints } from './newsletter';
import { openmicroEndpoints } from './openmicro';
import { photonetEndpoints } from './photonet';
import { placesEndpoints } from './places';
import { platformEndpoints } from './platform';
import { politicnetEndpoints } from './politicnet';
import { pronetEndpoints } from './pronet';
import { reviewsiteEndpoints } from './reviewsite';
import { shopEndpoints } from './shop';
import { socialnetEndpoints } from './socialnet';
import { textthreadsEndpoints } from './textthreads';
import type { DataEndpointDefinition, EndpointDefinition, Family } from './types';
import { videositeEndpoints } from './videosite';
import { websearchEndpoints } from './websearch';
import { xnetEndpoints } from './xnet';

// Each family's list is checked on its own (a single array literal of them all would make
// TypeScript unify the literal types of their examples), and keeps its definitions' own types:
// the path map below is made of them.
const familyLists = [
  shopEndpoints,
  photonetEndpoints,
  clipnetEndpoints,
  openmicroEndpoints,
  politicnetEndpoints,
  newsletterEndpoints,
  videositeEndpoints,
  forumsiteEndpoints,
  socialnetEndpoints,
  textthreadsEndpoints,
  newsEndpoints,
  reviewsiteEndpoints,
  xnetEndpoints,
  pronetEndpoints,
  websearchEndpoints,
  placesEndpoints,
] as const satisfies readonly (readonly EndpointDefinition[])[];

/** Any data endpoint's definition, with its own path, family and parameter schema. */
type DataEndpoint = (typeof familyLists)[number][number];
/** The path of a data endpoint: the key of the providers' handler maps. */
export type DataPath = DataEndpoint['path'];
/** The data paths of one family. */
export type FamilyPath<F extends Family> = Extract<DataEndpoint, { family: F }>['path'];
/** The validated parameters of the endpoint at a path: its parameter schema's output. */
export type ParamsOf<P extends DataPath> = z.output<Extract<DataEndpoint, { path: P }>['params']>;

/** The data endpoints, in the spec's order. */
export const dataEndpoints: readonly DataEndpointDefinition[] = familyLists.flat();

/** Every endpoint: the data endpoints plus batch and the key check. */
export const endpoints: readonly EndpointDefinition[] = [...dataEndpoints, ...platformEndpoints];

const byPath = new Map<string, EndpointDefinition>(endpoints.map((e) => [e.path, e]));

export function findEndpoint(path: string): EndpointDefinition | undefined {
  return byPath.get(path);
}

export type { EndpointDefinition } from './types';
