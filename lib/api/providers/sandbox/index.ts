// The sandbox provider: deterministic data for every data endpoint, the default for every
// family unless an operator configures an HTTP upstream or a live adapter (lib/api/providers).
import type { DataPath } from '../../registry';
import { ProviderError, type Provider } from '../../registry/types';
import { handlerAt, type SandboxHandlers } from '../handlers';
import { clipnetSandbox, clipnetSandboxNotes } from './clipnet';
import { forumsiteSandbox, forumsiteSandboxNotes } from './forumsite';
import { newsSandbox, newsSandboxNotes } from './news';
import { newsletterSandbox, newsletterSandboxNotes } from './newsletter';
import { openmicroSandbox, openmicroSandboxNotes } from './openmicro';
import { photonetSandbox, photonetSandboxNotes } from './photonet';
import { politicnetSandbox, politicnetSandboxNotes } from './politicnet';
import { reviewsiteSandbox, reviewsiteSandboxNotes } from './reviewsite';
import { shopSandbox, shopSandboxNotes } from './shop';
import { socialnetSandbox, socialnetSandboxNotes } from './socialnet';
import { textthreadsSandbox, textthreadsSandboxNotes } from './textthreads';
import { videositeSandbox, videositeSandboxNotes } from './videosite';

import { placesSandbox, placesSandboxNotes } from './places';
import { pronetSandbox, pronetSandboxNotes } from './pronet';
import { websearchSandbox, websearchSandboxNotes } from './websearch';
import { xnetSandbox, xnetSandboxNotes } from './xnet';

// Typed as every data path: an endpoint added to the registry without sandbox data fails the type check.
const handlers: SandboxHandlers<DataPath> = {
  ...shopSandbox,
  ...photonetSandbox,
  ...clipnetSandbox,
  ...openmicroSandbox,
  ...politicnetSandbox,
  ...newsletterSandbox,
  ...videositeSandbox,
  ...forumsiteSandbox,
  ...socialnetSandbox,
  ...textthreadsSandbox,
  ...newsSandbox,
  ...xnetSandbox,
  ...pronetSandbox,
  ...websearchSandbox,
  ...placesSandbox,
  ...reviewsiteSandbox,
};

/** One line per documented sandbox input, for docs/api.md and the docs page. */
export const sandboxNotes: readonly string[] = [
  ...shopSandboxNotes,
  ...photonetSandboxNotes,
  ...clipnetSandboxNotes,
  ...openmicroSandboxNotes,
  ...politicnetSandboxNotes,
  ...newsletterSandboxNotes,
  ...videositeSandboxNotes,
  ...forumsiteSandboxNotes,
  ...socialnetSandboxNotes,
  ...textthreadsSandboxNotes,
  ...newsSandboxNotes,
  ...xnetSandboxNotes,
  ...pronetSandboxNotes,
  ...websearchSandboxNotes,
  ...placesSandboxNotes,
  ...reviewsiteSandboxNotes,
];

export const sandboxProvider: Provider = {
  local: true,
  async call(endpoint, params, signal) {
    const handler = handlerAt(handlers, endpoint.path);
    if (!handler) throw new ProviderError('upstream_error', `No sandbox data for ${endpoint.path}`);
    signal.throwIfAborted();
    return handler(params);
  },
};
