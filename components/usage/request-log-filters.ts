// The request log's filters as the URL carries them, and the query they make for the log's reads.

/** The log's filters as the URL carries them (all strings; blank means no filter). */
export type RequestLogFilters = {
  endpoint: string;
  key: string;
  status: string;
  code: string;
  from: string;
  to: string;
  requestId: string;
};

export const FILTER_NAMES = ['endpoint', 'key', 'status', 'code', 'from', 'to', 'requestId'] as const;

export function filterParams(filters: RequestLogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name]);
  return params;
}

/** "2026-11-24T09:30" (a datetime-local value, read as UTC) → ISO; other text is sent as is. */
export function utcInput(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00Z` : value;
}
