import { describe, expect, it } from 'vitest';

import { isLocalPath, signInPath } from '@/lib/sign-in-path';

describe('signInPath', () => {
  it('remembers a local page to return to', () => {
    expect(signInPath('/keys')).toBe('/sign-in?callbackUrl=%2Fkeys');
    expect(signInPath('/usage?month=2026-11')).toBe('/sign-in?callbackUrl=%2Fusage%3Fmonth%3D2026-11');
  });

  it('drops anything that is not a path on this site', () => {
    for (const path of [null, undefined, '', 'keys', '//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      expect(signInPath(path)).toBe('/sign-in');
      expect(isLocalPath(path)).toBe(false);
    }
  });
});
