// Shared by the request log and a request's detail: times to the second, in UTC, the same on the
// server and in the browser; a status's badge tone.

/** "2026-11-24 09:30:15 UTC". */
export function utcSeconds(iso: string): string {
  return `${iso.slice(0, 19).replace('T', ' ')} UTC`;
}

export function statusTone(status: number): 'success' | 'warning' | 'danger' {
  return status < 300 ? 'success' : status < 500 ? 'warning' : 'danger';
}
