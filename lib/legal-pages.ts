// The terms of service and the privacy policy (/terms, /privacy) are the operator's: their text is
// content/terms.md and content/privacy.md, and the operator's identity comes from settings, filled
// in where the text names a variable ({{OPERATOR_NAME}}). Sign-up says the user agrees to them,
// so a deployment serving real customers must not show placeholders: `npm start` refuses to start
// a production configuration while any remain, and the console server warns (scripts/run.ts,
// scripts/console-server.ts). Read by scripts/run.ts before any environment is parsed, hence the
// plain environment record (lib/env.ts's type only, nothing parsed).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EnvRecord } from '@/lib/env';

/** The settings the pages name, and how a page shows one left unset. */
export const OPERATOR_IDENTITY = {
  OPERATOR_NAME: '[company name]',
  OPERATOR_ADDRESS: '[address]',
  OPERATOR_EMAIL: '[contact email]',
  SUPPORT_EMAIL: '[support email]',
} as const;

type IdentityVariable = keyof typeof OPERATOR_IDENTITY;

const LEGAL_PAGE_FILES = ['terms.md', 'privacy.md'] as const;
export type LegalPageFile = (typeof LEGAL_PAGE_FILES)[number];

/** SUPPORT_EMAIL's default (lib/env.ts): a development value, a placeholder in production. */
const DEFAULT_SUPPORT_EMAIL = 'support@localhost';

function identityValue(env: EnvRecord, name: IdentityVariable): string | null {
  const value = env[name]?.trim();
  if (!value || (name === 'SUPPORT_EMAIL' && value === DEFAULT_SUPPORT_EMAIL)) return null;
  return value;
}

/** Facts the app knows that the pages state, with lib/env.ts's defaults. */
const FACTS: Record<string, string> = { USAGE_LOG_RETENTION_DAYS: '400' };

/** A page's Markdown with the operator's settings filled in (an unset one stays a visible placeholder). */
export function fillOperatorIdentity(markdown: string, env: EnvRecord): string {
  return markdown.replace(/\{\{([A-Z_]+)\}\}/g, (token, name: string) => {
    if (name in OPERATOR_IDENTITY)
      return identityValue(env, name as IdentityVariable) ?? OPERATOR_IDENTITY[name as IdentityVariable];
    return name in FACTS ? env[name]?.trim() || FACTS[name]! : token;
  });
}

export function readLegalPage(file: LegalPageFile, root = process.cwd()): string {
  return readFileSync(path.join(root, 'content', file), 'utf8');
}

/**
 * What still has to be replaced before real customers read the pages: the identity settings
 * left unset, and each file's bracketed placeholders ("[date]", "[Jurisdiction.]"; a Markdown
 * link's text, followed by its address, is not one) and its "Placeholder:" note. Empty when done.
 */
export function legalPagePlaceholders(env: EnvRecord, root = process.cwd()): string[] {
  const problems: string[] = [];
  const unset = (Object.keys(OPERATOR_IDENTITY) as IdentityVariable[]).filter((name) => !identityValue(env, name));
  if (unset.length) problems.push(`settings not set: ${unset.join(', ')}`);
  for (const file of LEGAL_PAGE_FILES) {
    const source = readLegalPage(file, root).replace(/\{\{[A-Z_]+\}\}/g, '');
    const brackets = [...new Set([...source.matchAll(/\[([^\]\n]+)\](?!\()/g)].map((m) => `[${m[1]}]`))];
    const note = /^\*?Placeholder:/m.test(source) ? ['the "Placeholder:" note'] : [];
    const left = [...note, ...brackets];
    if (left.length) problems.push(`content/${file} still has ${left.join(', ')}`);
  }
  return problems;
}

/** The lines an operator reads: what to replace, and where (docs/operations.md, production settings). */
export function describeLegalPagePlaceholders(problems: string[]): string {
  return [
    'The terms of service and privacy policy (/terms, /privacy), which sign-up says users agree to, still have placeholders:',
    ...problems.map((p) => `  - ${p}`),
    'Set OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_EMAIL and SUPPORT_EMAIL, and replace the bracketed text in',
    'content/terms.md and content/privacy.md with your own (docs/operations.md, "Production settings").',
  ].join('\n');
}
