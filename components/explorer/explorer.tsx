'use client';

import { useCallback, useMemo, useState } from 'react';

import type { EndpointModel } from '@/lib/docs/endpoint-model';
import { batchExample, initialValues, queryPairs, type FormValues } from '@/lib/explorer/form-values';
import type { HistoryEntry } from '@/lib/explorer/history';
import { pickerGroups } from '@/lib/explorer/picker';
import { shownCheck } from '@/lib/explorer/rule-state';

import { ApiKeyField } from './api-key-field';
import { CallHistory } from './call-history';
import { EndpointPicker } from './endpoint-picker';
import { ExplorerAnswer } from './explorer-answer';
import { KeyRestrictionNote } from './key-restriction-note';
import { ParamForm } from './param-form';
import { ShareLinkBox } from './share-link-box';
import { SnippetTabs } from './snippet-tabs';
import { useCallHistory, useTabKey } from './use-browser-state';
import { focusField, type Outgoing, useCallSender } from './use-call-sender';
import { useExplorerAddress } from './use-explorer-address';
import { useParamCheck } from './use-param-check';

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
  const { shown, setShown, pending, status, setStatus, send } = useCallSender(apiKey, byPath, history.add);

  const pairs = useMemo(() => queryPairs(model, values), [model, values]);
  const { check, load: loadCheck } = useParamCheck(path, pairs);
  const shownErrors = useMemo(
    () => shownCheck(model.rules, check, attempted, touched),
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
    [byPath, setStatus],
  );

  useExplorerAddress(path, pairs, (fromUrl, params) => {
    const nextPath = fromUrl && byPath.has(fromUrl) ? fromUrl : models[0]!.path;
    open(nextPath, params);
    return nextPath;
  });

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
          fieldErrors={shownErrors.fieldErrors}
          brokenRules={shownErrors.brokenRules}
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
        <ExplorerAnswer shown={shown} currentPath={path} />
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
