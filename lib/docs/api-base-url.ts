// Where the docs, the explorer's snippets and the dashboard send calls: the public API's one
// address (lib/http/api-base-url.ts), shared with the API process's OpenAPI document.
export { apiBaseUrl } from '@/lib/http/api-base-url';
