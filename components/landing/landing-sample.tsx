// The landing page's one call: a registry endpoint with its own example parameters, as curl and
// with the answer the sandbox gives, so the sample can never drift from the API.
import Link from 'next/link';

import { CodeBlock } from '@/components/docs/code-block';
import { findEndpoint } from '@/lib/api/registry';
import { exampleResponse } from '@/lib/docs/example-response';
import { buildSnippet } from '@/lib/explorer/snippets';
import { apiBaseUrl } from '@/lib/http/api-base-url';

/** The call the code sample makes: a registry endpoint with its own example parameters. */
const SAMPLE_PATH = '/v1/forumsite/community/posts';

export async function LandingSample() {
  const sample = findEndpoint(SAMPLE_PATH)!;
  const curl = buildSnippet('curl', {
    baseUrl: apiBaseUrl(),
    method: sample.method,
    path: sample.path,
    params: Object.entries(sample.example).filter((entry): entry is [string, string] => entry[1] !== undefined),
  });
  const response = await exampleResponse(sample);
  return (
    <section aria-labelledby="sample-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="sample-title" className="text-2xl font-semibold">
        One call
      </h2>
      <p className="text-muted">
        {sample.summary}: <code className="break-all font-mono text-sm">{sample.path}</code>. Every endpoint answers the
        same way, with the call&apos;s cost in the <code className="font-mono text-sm">X-Billed-Units</code> header.
      </p>
      <CodeBlock label="Example request with curl" code={curl} />
      {response ? <CodeBlock label="Example response" code={response} /> : null}
      <p className="text-sm">
        <Link href="/docs" className="font-medium text-primary underline">
          See every endpoint&apos;s parameters, fields and errors in the API reference
        </Link>
      </p>
    </section>
  );
}
