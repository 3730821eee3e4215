'use client';

import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { useCopy } from '@/components/ui/use-copy';
import {
  buildSnippet,
  snippetApiKey,
  snippetLanguages,
  type SnippetLanguage,
  type SnippetRequest,
} from '@/lib/explorer/snippets';

/** The call as code in four languages, the key a placeholder unless the user reveals it. */
export function SnippetTabs({ request, apiKey }: { request: Omit<SnippetRequest, 'apiKey'>; apiKey: string }) {
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const [reveal, setReveal] = useState(false);
  const { status, copy } = useCopy();
  const code = buildSnippet(language, { ...request, apiKey: snippetApiKey(reveal, apiKey) });
  const label = snippetLanguages.find((l) => l.id === language)?.label ?? language;

  return (
    <section
      aria-labelledby="explorer-code-title"
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="explorer-code-title" className="font-semibold">
          Code
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={reveal}
            onChange={(e) => setReveal(e.target.checked)}
            disabled={!apiKey}
            className="size-4"
          />
          Show my key in the code
        </label>
      </div>
      <div role="group" aria-label="Language" className="flex flex-wrap gap-1">
        {snippetLanguages.map((l) => (
          <Button
            key={l.id}
            variant={l.id === language ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={l.id === language}
            onClick={() => setLanguage(l.id)}
          >
            {l.label}
          </Button>
        ))}
      </div>
      <pre
        data-testid="snippet"
        tabIndex={0}
        aria-label={`${label} code`}
        className="max-h-80 overflow-auto rounded-md border border-border bg-surface p-3 font-mono text-xs leading-relaxed"
      >
        <code>{code}</code>
      </pre>
      <div className="flex items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => copy(code, `${label} copied`, 'code')}>
          Copy {label}
        </Button>
        <span aria-live="polite" className="text-xs text-muted">
          {status}
        </span>
      </div>
    </section>
  );
}
