// Which URLs the console lets an endpoint have (the worker checks the resolved address again).
import { describe, expect, it } from 'vitest';

import { webhookUrlProblem } from '@/lib/server/webhooks/endpoint-url';

describe('webhookUrlProblem', () => {
  it.each([
    ['https://hooks.example.com/x', false, null],
    ['https://hooks.example.com:8443/x?y=1', false, null],
    ['http://hooks.example.com/x', false, 'Use an https URL'],
    ['http://hooks.example.com/x', true, 'Use an https URL (plain http only to this machine: localhost or 127.0.0.1)'],
    ['http://127.0.0.1:4000/x', true, null],
    ['http://localhost:4000/x', true, null],
    ['http://[::1]:4000/x', true, null],
    ['http://127.0.0.1:4000/x', false, 'Use an https URL'],
    ['https://localhost/x', false, 'Use a public address: this machine’s own address is not reachable for delivery'],
    ['https://user:pw@hooks.example.com/x', false, 'Leave the user name and password out of the URL'],
    ['ftp://hooks.example.com/x', false, 'Use an https URL'],
    ['https://intranet/x', false, 'Use a full host name, like example.com'],
    ['hooks.example.com/x', false, 'Enter a full URL, like https://example.com/webhooks'],
  ])('%s (embedded: %s) → %s', (url, embedded, problem) => {
    expect(webhookUrlProblem(url, { embedded })).toBe(problem);
  });
});
