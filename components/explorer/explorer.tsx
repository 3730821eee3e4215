'use client';

import { lazy, Suspense, useCallback, useMemo, useState } from 'react';

import type { EndpointModel } from '@/lib/docs/endpoint-model';
import { initialValues, queryPairs, type FormValues } from '@/lib/explorer/form-values';
import type { HistoryEntry } from '@/lib/explorer/history';
import { useCallHistory, useTabKey } from '@/components/explorer/use-browser-state';
import { pickerGroups } from '@/lib/explorer/picker';
import { brokenRules, ruleParams } from '@/lib/explorer/rule-state';
import { useExplorerAddress } from '@/components/explorer/use-explorer-address';
import type { CallRequest, CallResult } from '@/lib/explorer/send-call';
import type { SentimentRecord } from '@/lib/explorer/sentiment';
import { useParamCheck } from '@/components/explorer/use-param-check';
import { invalidateUsage } from '@/components/explorer/usage-queries';

import { KeyRestrictionNote } from '@/components/explorer/key-restriction-note';

import { ApiKeyField } from './api-key-field';
import { CallHistory } from './call-history';
import { EndpointPicker } from './endpoint-picker';
import { ParamForm, type FormStatus } from './param-form';
import { ShareLinkBox } from './share-link-box';
import { SnippetTabs } from './snippet-tabs';

// Loaded with the first answer, not the page: the headers table, the JSON tree and the emotions.
// React.lazy rather than next/dynamic: the answer never renders on the server, and next/dynamic's
// own loader would add a kilobyte to the page (the first-load budget: 150 kB a page).
const ResponseView = lazy(() => import('./response-view').then((m) => ({ default: m.ResponseView })));
const responseLoading = (
  <p className="flex h-40 items-center justify-center rounded-lg border border-border p-6 text-sm text-muted">
    Showing the response…
  </p>
);

type Outgoing = Omit<CallRequest, 'apiKey'>;
/** The answer on screen and the call it belongs to. */
interface ShownCall {
  result: CallResult;
  method: 'GET' | 'POST';
  path: string;
  sentiment: SentimentRecord[];
}

/** A batch body built from the first data endpoint's example, so it is never written twice. */
function batchExample(models: readonly EndpointModel[]): string {
  const first = models.find((m) => m.method === 'GET' && m.priceMicros > 0);
  return JSON.stringify({ requests: first ? [{ path: first.path, params: first.example }] : [] }, null, 2);
}

function focusField(id: string) {
  document.getElementById(id)?.focus();
}

/**
 * The explorer: pick an endpoint, fill its form, send it with the tab's key, read the answer.
 * `owner` is the signed-in user's id: the key and history are kept for that user alone.
 */
export function Explorer({
  models,
  baseUrl,
  shared,
  owner,
}: {
  models: EndpointModel[];
  baseUrl: string;
  shared: { path: string | null; params: [string, string][] };
  owner: string;
}) {
  const groups = useMemo(() => pickerGroups(models), [models]);
  const byPath = useMemo(() => new Map(models.map((m) => [m.path, m])), [models]);
  const [path, setPath] = useState(() => (shared.path && byPath.has(shared.path) ? shared.path : models[0]!.path));
  const model = byPath.get(path)!;
  const [values, setValues] = useState<FormValues>(() =>
    initialValues(model, shared.path === path ? shared.params : []),
  );
  const [body, setBody] = useState(() => batchExample(models));
  const [apiKey, setApiKey] = useTabKey(owner);
  const history = useCallHistory(owner);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [shown, setShown] = useState<ShownCall | null>(null);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<FormStatus | null>(null);

  const pairs = useMemo(() => queryPairs(model, values), [model, values]);
  const { check, load: loadCheck } = useParamCheck(path, pairs);
  const visibleErrors = useMemo(
    () => Object.fromEntries(Object.entries(check.fieldErrors).filter(([name]) => attempted || touched.has(name))),
    [check, attempted, touched],
  );
  const visibleBrokenRules = useMemo(
    () =>
      brokenRules(model.rules, check).map(
        (broken, i) => broken && (attempted || ruleParams(model.rules[i]!).some((name) => touched.has(name))),
      ),
    [model, check, attempted, touched],
  );

  const open = useCallback(
    (nextPath: string, params: [string, string][] = [], nextBody?: string) => {
      const next = byPath.get(nextPath);
      if (!next) return;
      setPath(nextPath);
      setValues(initialValues(next, params));
      if (nextBody !== undefined) setBody(nextBody);
      setTouched(new Set());
      setAttempted(false);
      setStatus(null);
    },
    [byPath],
  );

  useExplorerAddress(path, pairs, (fromUrl, params) => {
    const nextPath = fromUrl && byPath.has(fromUrl) ? fromUrl : models[0]!.path;
    open(nextPath, params);
    return nextPath;
  });

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
      history.add({
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

  const outgoing: Outgoing = {
    method: model.method,
    path,
    params: pairs,
    ...(model.method === 'POST' ? { body } : {}),
  };

  async function trySend() {
    setAttempted(true);
    const checked = (await loadCheck())(path, pairs);
    if (checked.message) {
      // Nothing was sent: an earlier answer would read as this call's.
      setShown(null);
      setStatus({ tone: 'error', text: `Not sent: ${checked.message}` });
      const first = model.params.find((p) => checked.fieldErrors[p.name]);
      if (first) focusField(`param-${first.name}`);
      return;
    }
    void send(outgoing);
  }

  function resend(entry: HistoryEntry) {
    open(entry.path, entry.params, entry.body);
    void send({
      method: entry.method,
      path: entry.path,
      params: entry.params,
      ...(entry.body !== undefined ? { body: entry.body } : {}),
    });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <EndpointPicker groups={groups} selected={path} onSelect={(p) => open(p)} />
      <div className="flex min-w-0 flex-col gap-6">
        <ApiKeyField apiKey={apiKey} onChange={setApiKey} />
        <KeyRestrictionNote apiKey={apiKey} path={path} />
        <ParamForm
          model={model}
          endpointsByPath={byPath}
          values={values}
          fieldErrors={visibleErrors}
          brokenRules={visibleBrokenRules}
          body={body}
          pending={pending}
          status={status}
          canForce={attempted && check.message !== null}
          onChange={(name, value) => {
            setValues((v) => ({ ...v, [name]: value }));
            setTouched((t) => new Set(t).add(name));
            void loadCheck();
          }}
          onBodyChange={setBody}
          onSend={() => void trySend()}
          onForceSend={() => void send(outgoing)}
        />
        {shown ? (
          <Suspense fallback={responseLoading}>
            <ResponseView
              result={shown.result}
              method={shown.method}
              path={shown.path}
              current={shown.path === path}
              sentiment={shown.sentiment}
            />
          </Suspense>
        ) : (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted">
            Send a call to see its status, headers, body and cost here.
          </p>
        )}
        <section aria-label="Share" className="flex flex-col gap-4">
          <ShareLinkBox path={path} params={pairs} />
          <SnippetTabs request={{ baseUrl, ...outgoing }} apiKey={apiKey} />
        </section>
        <CallHistory
          entries={history.entries}
          onOpen={(e) => open(e.path, e.params, e.body)}
          onResend={resend}
          onClear={history.clear}
          disabled={pending}
        />
      </div>
    </div>
  );
}
