'use client';

// Sending the explorer's call with the tab's key: the status line while it runs and after, the
// answer to show, the call added to the history, and the usage numbers read again.
import { useState } from 'react';

import type { EndpointModel } from '@/lib/docs/endpoint-model';
import type { HistoryEntry } from '@/lib/explorer/history';
import type { CallRequest } from '@/lib/explorer/send-call';

import type { ShownCall } from './explorer-answer';
import type { FormStatus } from './param-form';
import { invalidateUsage } from './usage-queries';

export type Outgoing = Omit<CallRequest, 'apiKey'>;

export function focusField(id: string) {
  document.getElementById(id)?.focus();
}

/** `byPath`: every endpoint by path (where a call's texts are, for the emotions' reader). */
export function useCallSender(
  apiKey: string,
  byPath: ReadonlyMap<string, EndpointModel>,
  addToHistory: (entry: HistoryEntry) => void,
) {
  const [shown, setShown] = useState<ShownCall | null>(null);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<FormStatus | null>(null);

  async function send(outgoing: Outgoing) {
    if (!apiKey) {
      // An earlier answer would read as this call's.
      setShown(null);
      setStatus({ tone: 'error', text: 'Paste an API key or create one for the explorer first.' });
      focusField('explorer-api-key');
      return;
    }
    setPending(true);
    setStatus({ text: `Sending ${outgoing.path}…` });
    try {
      const sentimentOn = outgoing.params.some(([n, v]) => n === 'get_sentiment' && v === 'true');
      // The sender loads with the first call, like the check (use-param-check.ts).
      const { sendCall } = await import('@/lib/explorer/send-call');
      const result = await sendCall({ ...outgoing, apiKey }, { parseLarge: sentimentOn });
      const target = byPath.get(outgoing.path)?.sentimentTarget ?? null;
      // The emotions' reader (zod's sentiment schema) loads only for a call that asked for them.
      const sentiment =
        sentimentOn && result.status < 400
          ? (await import('@/lib/explorer/sentiment')).sentimentRecords(result.json, target)
          : [];
      setShown({ result, method: outgoing.method, path: outgoing.path, sentiment });
      addToHistory({
        id: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
        at: new Date().toISOString(),
        method: outgoing.method,
        path: outgoing.path,
        params: outgoing.params.map(([n, v]) => [n, v]),
        ...(outgoing.method === 'POST' ? { body: outgoing.body } : {}),
        status: result.status,
        code: result.code,
        units: result.units,
        durationMs: result.durationMs,
        requestId: result.requestId,
      });
      const units = result.units === null ? '' : ` · ${result.units} unit${result.units === 1 ? '' : 's'} billed`;
      setStatus({
        tone: result.status < 400 ? 'success' : 'error',
        text: `${result.status}${result.code ? ` ${result.code}` : ''} in ${result.durationMs} ms${units}`,
      });
      invalidateUsage();
    } catch (error) {
      setStatus({
        tone: 'error',
        text: `The call did not reach the API: ${error instanceof Error ? error.message : 'network error'}`,
      });
    } finally {
      setPending(false);
    }
  }

  return { shown, setShown, pending, status, setStatus, send };
}
