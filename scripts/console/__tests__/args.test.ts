import { describe, expect, it } from 'vitest';

import { parseFlags, requireFlag, UsageError } from '../args';

describe('parseFlags', () => {
  it('reads --flag value and --flag=value pairs', () => {
    expect(parseFlags(['--email', 'a@b.test', '--name=ci box'], ['email', 'name'])).toEqual({
      email: 'a@b.test',
      name: 'ci box',
    });
  });

  it.each([
    [['stray'], 'Unexpected argument: stray'],
    [['--colour', 'red'], 'Unknown option: --colour'],
    [['--email'], 'Option --email needs a value'],
    [['--email', '--name', 'x'], 'Option --email needs a value'],
  ])('refuses %j with a usage error', (args, message) => {
    expect(() => parseFlags(args, ['email', 'name'])).toThrow(new UsageError(message));
  });

  it('reports a missing required flag', () => {
    expect(() => requireFlag({}, 'email')).toThrow('Missing --email');
  });
});
