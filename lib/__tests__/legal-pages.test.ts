// /terms and /privacy, which sign-up says the user agrees to, name the operator from its settings,
// and a production start does not serve them while placeholders remain.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { runScript } from '@/lib/testing/run-script';

import { fillOperatorIdentity, legalPagePlaceholders, readLegalPage } from '@/lib/legal-pages';

const identity = {
  OPERATOR_NAME: 'Example Data Ltd',
  OPERATOR_ADDRESS: '1 Example Street, 10115 Berlin, Germany',
  OPERATOR_EMAIL: 'legal@example.com',
  SUPPORT_EMAIL: 'help@example.com',
};

describe('the terms and the privacy policy', () => {
  it("fill in the operator's name, address, contact and support addresses from the settings", () => {
    const terms = fillOperatorIdentity(readLegalPage('terms.md'), identity);
    expect(terms).toContain(
      'operated by Example Data Ltd, 1 Example Street, 10115 Berlin, Germany ("we"). Contact: legal@example.com. Support: help@example.com.',
    );
    const privacy = fillOperatorIdentity(readLegalPage('privacy.md'), { ...identity, USAGE_LOG_RETENTION_DAYS: '90' });
    expect(privacy).toContain('Example Data Ltd, 1 Example Street');
    expect(privacy).toContain('The request log is kept for 90 days');
    for (const page of [terms, privacy]) {
      expect(page).not.toMatch(/\{\{|\[company name\]|\[contact email\]|\[address\]/i);
    }
  });

  it('show a visible placeholder for a setting left unset, and count SUPPORT_EMAIL left at its default as unset', () => {
    const terms = fillOperatorIdentity(readLegalPage('terms.md'), { SUPPORT_EMAIL: 'support@localhost' });
    expect(terms).toContain(
      'operated by [company name], [address] ("we"). Contact: [contact email]. Support: [support email].',
    );
  });

  it("list what is left to replace: unset settings, and each file's bracketed text, not its links", () => {
    expect(legalPagePlaceholders({})).toEqual([
      'settings not set: OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_EMAIL, SUPPORT_EMAIL',
      expect.stringMatching(
        /^content\/terms\.md still has the "Placeholder:" note, \[date\], \[Payment terms, taxes and refunds\.\]/,
      ),
      expect.stringMatching(/^content\/privacy\.md still has the "Placeholder:" note, \[date\], \[Legal bases\.\]/),
    ]);
    const root = mkdtempSync(path.join(tmpdir(), 'legal-pages-'));
    mkdirSync(path.join(root, 'content'));
    writeFileSync(
      path.join(root, 'content/terms.md'),
      '# Terms\n\nOperated by {{OPERATOR_NAME}}; see the [reference](/docs).\n',
    );
    writeFileSync(path.join(root, 'content/privacy.md'), '# Privacy\n\nAsk {{OPERATOR_EMAIL}}.\n');
    expect(legalPagePlaceholders(identity, root)).toEqual([]);
  });

  it('`npm start` with an operator database and a Stripe key refuses to start while placeholders remain', async () => {
    const { code, stdout, stderr } = await runScript(['start'], {
      DATABASE_URL: 'postgresql://app@db.invalid:5432/app', // never reached: the refusal comes first
      EMBEDDED_DATABASE_URL: '',
      STRIPE_SECRET_KEY: 'sk_live_unused',
      ...identity,
      OPERATOR_NAME: '',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('Refusing to start. The terms of service and privacy policy (/terms, /privacy)');
    expect(stderr).toContain('settings not set: OPERATOR_NAME');
    expect(stderr).toContain('content/terms.md still has');
    // Refused before anything ran: no build, no database, no servers.
    expect(stdout).toBe('');
  });
});
