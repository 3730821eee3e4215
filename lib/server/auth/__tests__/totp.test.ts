// RFC 6238, appendix B: the test vectors every TOTP implementation is checked against (8 digits,
// 30-second steps, the ASCII seeds "1234567890" repeated to 20, 32 and 64 bytes).
import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';

import { matchTotpStep, newTotpSecret, totpCodeAt, totpStepAt, totpUri, type TotpAlgorithm } from '../totp';

const SEEDS: Record<TotpAlgorithm, string> = {
  SHA1: '12345678901234567890',
  SHA256: '12345678901234567890123456789012',
  SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
};

const VECTORS: [seconds: number, algorithm: TotpAlgorithm, code: string][] = [
  [59, 'SHA1', '94287082'],
  [59, 'SHA256', '46119246'],
  [59, 'SHA512', '90693936'],
  [1111111109, 'SHA1', '07081804'],
  [1111111109, 'SHA256', '68084774'],
  [1111111109, 'SHA512', '25091201'],
  [1111111111, 'SHA1', '14050471'],
  [1111111111, 'SHA256', '67062674'],
  [1111111111, 'SHA512', '99943326'],
  [1234567890, 'SHA1', '89005924'],
  [1234567890, 'SHA256', '91819424'],
  [1234567890, 'SHA512', '93441116'],
  [2000000000, 'SHA1', '69279037'],
  [2000000000, 'SHA256', '90698825'],
  [2000000000, 'SHA512', '38618901'],
  [20000000000, 'SHA1', '65353130'],
  [20000000000, 'SHA256', '77737706'],
  [20000000000, 'SHA512', '47863826'],
];

describe('TOTP (RFC 6238 test vectors)', () => {
  it.each(VECTORS)('at %i s with %s gives %s', (seconds, algorithm, code) => {
    expect(
      totpCodeAt({ secret: Secret.fromLatin1(SEEDS[algorithm]), algorithm, digits: 8, timestamp: seconds * 1000 }),
    ).toBe(code);
  });
});

describe('matchTotpStep', () => {
  const secret = Secret.fromLatin1(SEEDS.SHA1).base32;
  const at = 1111111111_000;
  const sixDigits = (timestamp: number) => totpCodeAt({ secret: Secret.fromBase32(secret), timestamp });

  it('accepts the current code, with spaces, and names its step', () => {
    const code = sixDigits(at);
    expect(matchTotpStep(secret, code, at)).toBe(totpStepAt(at));
    expect(matchTotpStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, at)).toBe(totpStepAt(at));
  });

  it('accepts the step before and after (clock drift) and not two steps away', () => {
    expect(matchTotpStep(secret, sixDigits(at - 30_000), at)).toBe(totpStepAt(at) - 1);
    expect(matchTotpStep(secret, sixDigits(at + 30_000), at)).toBe(totpStepAt(at) + 1);
    expect(matchTotpStep(secret, sixDigits(at - 60_000), at)).toBeNull();
    expect(matchTotpStep(secret, sixDigits(at + 60_000), at)).toBeNull();
  });

  it('refuses anything that is not six digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', '12345a']) expect(matchTotpStep(secret, code, at)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth address apps read', () => {
    const fresh = newTotpSecret();
    expect(Secret.fromBase32(fresh).bytes).toHaveLength(20);
    const uri = new URL(totpUri(fresh, 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(fresh);
    expect(uri.searchParams.get('issuer')).toBe('Public Data API');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});
