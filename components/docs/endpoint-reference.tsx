import Link from 'next/link';

import { Badge } from '@/components/ui/badge';
import type { EndpointModel, ParamField, ResponseField } from '@/lib/docs/endpoint-model';
import { anchorOf, dollars, priceText } from '@/lib/docs/endpoint-model';
import { explorerLink } from '@/lib/explorer/share-link';
import { buildSnippet } from '@/lib/explorer/snippets';

import { CodeBlock } from './code-block';
import { RichText } from './rich-text';

/** "integer 1-40, default 1" */
function paramRules(p: ParamField): string {
  const parts: string[] = [];
  if (p.enum) parts.push(`one of ${p.enum.join(', ')}`);
  if (p.minimum !== undefined && p.maximum !== undefined) parts.push(`${p.minimum}–${p.maximum}`);
  else if (p.minimum !== undefined) parts.push(`at least ${p.minimum}`);
  if (p.maxLength !== undefined) parts.push(`max ${p.maxLength} characters`);
  if (p.format === 'date') parts.push('YYYY-MM-DD');
  if (p.default !== undefined) parts.push(`default ${String(p.default)}`);
  return parts.join('; ');
}

function ParamsTable({ params }: { params: readonly ParamField[] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Parameters">
      <table className="w-full min-w-[30rem] border-collapse text-sm">
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="py-2 pr-3">
              Parameter
            </th>
            <th scope="col" className="py-2 pr-3">
              Type
            </th>
            <th scope="col" className="py-2">
              Rules
            </th>
          </tr>
        </thead>
        <tbody>
          {params.map((p) => (
            <tr key={p.name} className="border-b border-border align-top">
              <td className="py-2 pr-3 font-mono text-xs">
                {p.name}
                {p.required ? (
                  <span className="ml-1 text-danger" title="required">
                    * <span className="sr-only">required</span>
                  </span>
                ) : null}
              </td>
              <td className="py-2 pr-3">{p.type}</td>
              <td className="py-2">
                {paramRules(p) || '—'}
                {p.name === 'get_sentiment' && p.description ? (
                  <p className="mt-1 text-xs text-muted">
                    <RichText text={p.description} />
                  </p>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FieldList({ fields }: { fields: readonly ResponseField[] }) {
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {fields.map((f) => (
        <li key={f.name}>
          <span className="font-mono text-xs">{f.name}</span>{' '}
          <span className="text-muted">
            {f.type}
            {f.nullable ? ' or null' : ''}
          </span>
          {f.fields ? (
            <div className="ml-4 mt-1 border-l border-border pl-3">
              <FieldList fields={f.fields} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function EndpointReference(props: {
  endpoint: EndpointModel;
  fields: readonly ResponseField[];
  example: string | null;
  baseUrl: string;
}) {
  const { endpoint: e, fields, example, baseUrl } = props;
  const id = anchorOf(e.path);
  const curl = buildSnippet('curl', {
    baseUrl,
    method: e.method,
    path: e.path,
    params: Object.entries(e.example),
    body:
      e.method === 'POST'
        ? JSON.stringify({
            requests: [{ path: '/v1/forumsite/community/posts', params: { community: 'news', pages: 2 } }],
          })
        : undefined,
  });
  const billed = e.billedErrors.filter((b) => b.units > 0);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-4 flex flex-col gap-4 border-t border-border pt-8"
    >
      <div className="flex flex-col gap-2">
        <h3 id={`${id}-title`} className="break-all font-mono text-lg font-semibold">
          <span className="mr-2 rounded bg-surface px-1.5 py-0.5 text-sm text-muted">{e.method}</span>
          {e.path}
        </h3>
        <p className="font-medium">{e.summary}</p>
        <div className="flex flex-wrap gap-2">
          <Badge tone="neutral">{priceText(e)}</Badge>
          {e.paging ? (
            <Badge tone="neutral">{`${e.paging.param} ≤ ${e.paging.max ?? '∞'}${e.pageSize ? `, ${e.pageSize} per page` : ''}`}</Badge>
          ) : null}
          <Badge tone="neutral">{`${e.concurrency} at a time`}</Badge>
          {e.sentiment ? (
            <Badge tone="neutral">{`sentiment +${dollars(e.sentimentSurchargeMicros)}/${e.billingUnit}`}</Badge>
          ) : null}
        </div>
        <p className="text-sm text-muted">
          <RichText text={e.description} />
        </p>
      </div>

      {e.params.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h4 className="font-semibold">Parameters</h4>
          <ParamsTable params={e.params} />
          {e.ruleTexts.length > 0 ? (
            <ul className="list-disc pl-5 text-sm">
              {e.ruleTexts.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-col gap-2">
        <h4 className="font-semibold">Response fields</h4>
        <FieldList fields={fields} />
      </div>

      <div className="flex flex-col gap-2">
        <h4 className="font-semibold">Errors and their billing</h4>
        <p className="text-sm">
          {billed.length > 0
            ? `Billed errors: ${billed.map((b) => `${b.code} (${b.units} ${b.units === 1 ? 'unit' : 'units'})`).join(', ')}. Every other error is free.`
            : 'Any error in the table above; none is billed.'}
        </p>
      </div>

      <div className="flex flex-col gap-2">
        <h4 className="font-semibold">Example</h4>
        <CodeBlock label={`curl example for ${e.path}`} code={curl} />
        {example ? (
          <details>
            <summary className="cursor-pointer text-sm font-medium">Example response (sandbox)</summary>
            <CodeBlock label={`Example response of ${e.path}`} code={example} className="mt-2" />
          </details>
        ) : null}
        <p>
          <Link
            href={explorerLink(e.path, Object.entries(e.example))}
            className="text-sm font-medium text-primary underline"
          >
            Try it in the explorer<span className="sr-only">: {e.path}</span>
          </Link>
        </p>
      </div>
    </section>
  );
}
