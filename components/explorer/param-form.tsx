'use client';

import { type FormEvent, lazy, Suspense } from 'react';

import { Button } from '@/components/ui/button';
import { LiveRegion } from '@/components/ui/live-region';
import type { EndpointModel } from '@/lib/docs/endpoint-model';
import { dollars, priceText } from '@/lib/docs/price-text';
import { rulesFor, type FormValues } from '@/lib/explorer/form-values';
import { pagingText } from '@/lib/explorer/picker';

import { CostPreview } from './cost-preview';
import { ParamField } from './param-field';
import { ParamRules } from './param-rules';

// Loaded when POST /v1/batch is picked, not with the page (the first-load budget: 150 kB a page).
const BatchCostPreview = lazy(() => import('./batch-cost-preview').then((m) => ({ default: m.BatchCostPreview })));

export interface FormStatus {
  tone?: 'success' | 'error';
  text: string;
}

/** The chosen endpoint's form, generated from its parameter schema, with its cost and "Send". */
export function ParamForm({
  model,
  endpointsByPath,
  values,
  fieldErrors,
  brokenRules,
  body,
  pending,
  status,
  canForce,
  onChange,
  onBodyChange,
  onSend,
  onForceSend,
}: {
  model: EndpointModel;
  /** Every endpoint by path: a batch's items are priced by their own endpoints. */
  endpointsByPath: ReadonlyMap<string, EndpointModel>;
  values: FormValues;
  fieldErrors: Record<string, string[]>;
  /** One flag per rule of the model: true when the values break it (and that is shown). */
  brokenRules: boolean[];
  body: string;
  pending: boolean;
  status: FormStatus | null;
  canForce: boolean;
  onChange: (name: string, value: string) => void;
  onBodyChange: (body: string) => void;
  onSend: () => void;
  onForceSend: () => void;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSend();
  }
  const paging = pagingText(model);
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="explorer-endpoint-title"
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-border p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id="explorer-endpoint-title" className="break-all font-mono text-lg font-semibold">
          {model.method} {model.path}
        </h2>
        <p className="text-sm">{model.summary}</p>
        <p data-money="price" className="text-xs text-muted">
          {priceText(model)}
          {paging ? ` · ${paging}` : ''}
          {model.sentiment
            ? ` · get_sentiment=true adds ${dollars(model.sentimentSurchargeMicros)} per ${model.billingUnit}`
            : ''}
        </p>
      </div>
      {model.ruleTexts.length > 0 ? (
        // Drawn once, as a hint: a rule turns into an error only while the values break it. The
        // fields it names point at it (aria-describedby) instead of repeating it.
        <ParamRules ruleTexts={model.ruleTexts} brokenRules={brokenRules} />
      ) : null}
      {model.method === 'POST' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor="explorer-body" className="text-sm font-medium">
            Request body (JSON)
          </label>
          <textarea
            id="explorer-body"
            value={body}
            onChange={(e) => onBodyChange(e.target.value)}
            rows={8}
            spellCheck={false}
            className="w-full rounded-md border border-border bg-raised p-2 font-mono text-xs text-fg"
          />
        </div>
      ) : model.params.length === 0 ? (
        <p className="text-sm text-muted">This endpoint takes no parameters.</p>
      ) : (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">Parameters</legend>
          {model.params.map((field) => (
            <ParamField
              key={field.name}
              field={field}
              value={values[field.name] ?? ''}
              ruleIds={rulesFor(model, field.name).map((i) => `explorer-rule-${i}`)}
              errors={fieldErrors[field.name] ?? []}
              onChange={(value) => onChange(field.name, value)}
            />
          ))}
        </fieldset>
      )}
      {model.path === '/v1/batch' ? (
        <Suspense fallback={<p className="text-sm text-muted">Pricing the batch…</p>}>
          <BatchCostPreview body={body} byPath={endpointsByPath} />
        </Suspense>
      ) : (
        <CostPreview model={model} values={values} />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending…' : 'Send'}
        </Button>
        {canForce ? (
          <Button variant="secondary" disabled={pending} onClick={onForceSend}>
            Send anyway (let the API judge)
          </Button>
        ) : null}
      </div>
      <LiveRegion tone={status?.tone}>
        <span data-testid="explorer-status">{status?.text}</span>
      </LiveRegion>
    </form>
  );
}
