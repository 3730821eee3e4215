// Restricted keys: a key may be limited to some families ("shop") or endpoints
// ("/v1/shop/products"). A call outside them is refused with 403 key_not_permitted before anything
// is validated, held or billed, and the refusal names what the key may call. The key check and
// batch are open to every key (a batch's items are checked one by one).
import { ApiError } from '../errors';
import type { EndpointDefinition } from '../registry/types';

/** Whether a key with these scopes (empty: unrestricted) may call the endpoint. */
export function keyPermits(scopes: readonly string[], endpoint: EndpointDefinition): boolean {
  if (scopes.length === 0 || endpoint.family === null) return true;
  return scopes.includes(endpoint.family) || scopes.includes(endpoint.path);
}

/** "the shop family and /v1/photonet/user/profile": what a restricted key may call, in words. */
function describeScopes(scopes: readonly string[]): string {
  const parts = scopes.map((scope) => (scope.startsWith('/') ? scope : `the ${scope} family`));
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export function keyNotPermitted(scopes: readonly string[], path: string): ApiError {
  return new ApiError(
    'key_not_permitted',
    `This API key may not call ${path}: it is restricted to ${describeScopes(scopes)}. Use another key, or create one that allows this endpoint in the console.`,
  );
}
