// /terms and /privacy are read from Markdown the operator edits; the reader returns data (React
// escapes it), and keeps only safe link addresses.
import { describe, expect, it } from 'vitest';

import { parseInline, parseMarkdown, safeHref } from '@/lib/markdown/parse-markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs joined across lines, and both kinds of list', () => {
    expect(parseMarkdown('# Terms\n\nOne line\nand the next.\n\n- a\n- b\n\n1. first\n2. second\n')).toEqual([
      { kind: 'heading', level: 1, children: [{ kind: 'text', text: 'Terms' }] },
      { kind: 'paragraph', children: [{ kind: 'text', text: 'One line and the next.' }] },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: 'a' }], [{ kind: 'text', text: 'b' }]] },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'first' }], [{ kind: 'text', text: 'second' }]] },
    ]);
  });

  it('reads strong, emphasis, code and links inside text', () => {
    expect(parseInline('**Usage**: see *the* `log` at [docs](/docs).')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'Usage' }] },
      { kind: 'text', text: ': see ' },
      { kind: 'em', children: [{ kind: 'text', text: 'the' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'log' },
      { kind: 'text', text: ' at ' },
      { kind: 'link', href: '/docs', children: [{ kind: 'text', text: 'docs' }] },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps raw HTML as text and turns a javascript: link into its label alone', () => {
    expect(parseMarkdown('<script>alert(1)</script> [click](javascript:alert(1))')).toEqual([
      {
        kind: 'paragraph',
        children: [
          { kind: 'text', text: '<script>alert(1)</script> ' },
          { kind: 'text', text: 'click' },
          { kind: 'text', text: ')' },
        ],
      },
    ]);
  });

  it('allows http(s), mailto and same-site addresses only', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com');
    expect(safeHref('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(safeHref('/#pricing')).toBe('/#pricing');
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
  });
});
