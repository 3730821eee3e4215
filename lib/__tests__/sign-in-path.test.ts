import { describe, expect, it } from 'vitest';

import { isLocalPath, localPath, signInPath } from '@/lib/sign-in-path';

describe('signInPath', () => {
  it('remembers a local page to return to', () => {
    expect(signInPath('/keys')).toBe('/sign-in?callbackUrl=%2Fkeys');
    expect(signInPath('/usage?month=2026-11')).toBe('/sign-in?callbackUrl=%2Fusage%3Fmonth%3D2026-11');
  });

  it('drops anything that is not a path on this site', () => {
    for (const path of [
      null,
      undefined,
      '',
      'keys',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
      '/\\/evil.example',
      '/./\\evil.example',
      '/..//evil.example',
    ]) {
      expect(signInPath(path)).toBe('/sign-in');
      expect(isLocalPath(path)).toBe(false);
    }
  });

  it('normalises a local path before returning to it', () => {
    expect(localPath('/keys/../usage?month=2026-11#top')).toBe('/usage?month=2026-11#top');
    // Encoded slashes and tabs stay encoded: the browser requests them as a path on this site.
    expect(localPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(localPath('/%09/evil.example')).toBe('/%09/evil.example');
  });
});
