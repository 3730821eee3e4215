import Link from 'next/link';
import type { ReactNode } from 'react';

import { envRecord } from '@/lib/env';
import { fillOperatorIdentity, type LegalPageFile, readLegalPage } from '@/lib/legal-pages';
import { parseMarkdown, type Block, type Inline } from '@/lib/markdown/parse-markdown';

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.kind === 'text') return node.text;
    if (node.kind === 'code')
      return (
        <code key={i} className="font-mono text-sm">
          {node.text}
        </code>
      );
    if (node.kind === 'strong') return <strong key={i}>{inline(node.children)}</strong>;
    if (node.kind === 'em') return <em key={i}>{inline(node.children)}</em>;
    const className = 'text-primary underline underline-offset-4';
    return node.href.startsWith('/') ? (
      <Link key={i} href={node.href} className={className}>
        {inline(node.children)}
      </Link>
    ) : (
      <a key={i} href={node.href} className={className} rel="noopener noreferrer">
        {inline(node.children)}
      </a>
    );
  });
}

function block(node: Block, i: number): ReactNode {
  if (node.kind === 'heading') {
    if (node.level === 1)
      return (
        <h1 key={i} className="text-3xl font-bold tracking-tight">
          {inline(node.children)}
        </h1>
      );
    if (node.level === 2)
      return (
        <h2 key={i} className="mt-4 text-xl font-semibold">
          {inline(node.children)}
        </h2>
      );
    return (
      <h3 key={i} className="mt-2 font-semibold">
        {inline(node.children)}
      </h3>
    );
  }
  if (node.kind === 'paragraph')
    return (
      <p key={i} className="leading-relaxed">
        {inline(node.children)}
      </p>
    );
  const items = node.items.map((item, j) => <li key={j}>{inline(item)}</li>);
  return node.ordered ? (
    <ol key={i} className="list-decimal pl-6">
      {items}
    </ol>
  ) : (
    <ul key={i} className="list-disc pl-6">
      {items}
    </ul>
  );
}

/**
 * A page's text from content/<file>.md, which the operator edits, with the operator's identity
 * filled in from its settings (lib/legal-pages.ts); read when the page renders.
 */
export function MarkdownPage({ file }: { file: LegalPageFile }) {
  const source = fillOperatorIdentity(readLegalPage(file), envRecord());
  return <article className="flex max-w-2xl flex-col gap-4">{parseMarkdown(source).map(block)}</article>;
}
