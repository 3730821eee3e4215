// runAction, what every console server action does around its own work: a signed-out visitor is
// sent to sign in before anything runs; a form that does not parse answers every field's problem;
// a use case's refusal (ConsoleError) lands on the field it names, whatever its words, or else is
// the form's message; anything else is logged with the request id and answered with generic text.
// Only what Next provides around an action is stood in for (the session, the request headers, the
// cache), and the log, to read what was written.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import type { ConsoleSession } from '@/lib/auth/require-session';
import { ConsoleError } from '@/lib/server/console-error';

const stand = vi.hoisted(() => ({
  session: null as ConsoleSession | null,
  logged: [] as { fields: Record<string, unknown>; message: string }[],
  createApiKey: null as null | (() => Promise<never>),
}));

vi.mock('@/lib/auth/require-session', async () => {
  const { redirect } = await import('next/navigation');
  return {
    requireSession: async () => {
      if (!stand.session) redirect('/sign-in');
      return stand.session;
    },
  };
});
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-request-id': 'req_0123abcd' }) }));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));
vi.mock('@/lib/observability/logger', () => ({
  logger: {
    error: (fields: Record<string, unknown>, message: string) => stand.logged.push({ fields, message }),
  },
}));
vi.mock('@/lib/server/keys/create-api-key', () => ({
  createApiKey: () => stand.createApiKey?.() ?? Promise.reject(new Error('no createApiKey in this test')),
}));

const { runAction, runPublicAction } = await import('@/lib/actions/run-action');
const { createApiKeyAction } = await import('@/lib/actions/api-keys');

const session: ConsoleSession = { userId: 'user_1', accountId: 'account_1', email: 'owner@example.com' };
const schema = z.object({ name: z.string().min(1, 'Enter a name'), size: z.coerce.number().int('Whole numbers only') });
const form = (raw: Record<string, string>) => ({ raw, schema, values: raw, invalid: 'Check the fields marked below.' });

beforeEach(() => {
  stand.session = session;
  stand.logged = [];
  stand.createApiKey = null;
});

describe('runAction', () => {
  it('sends a signed-out visitor to sign in without running the action', async () => {
    stand.session = null;
    const run = vi.fn(async () => ({ status: 'success' as const }));
    await expect(runAction({ name: 'test', run })).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_REDIRECT/),
    });
    expect(run).not.toHaveBeenCalled();
  });

  it('answers a form that does not parse with every field’s problem and the typed values, without running', async () => {
    const run = vi.fn(async () => ({ status: 'success' as const }));
    const state = await runAction({ name: 'test', form: form({ name: '', size: '1.5' }), run });
    expect(state).toEqual({
      status: 'error',
      message: 'Check the fields marked below.',
      fieldErrors: { name: ['Enter a name'], size: ['Whole numbers only'] },
      values: { name: '', size: '1.5' },
    });
    expect(run).not.toHaveBeenCalled();
  });

  it('gives the action the session and the parsed input', async () => {
    const state = await runAction({
      name: 'test',
      form: form({ name: 'n', size: '3' }),
      run: async ({ session, input }) => ({ status: 'success', message: `${session.accountId} ${input.size * 2}` }),
    });
    expect(state).toEqual({ status: 'success', message: 'account_1 6' });
  });

  it('puts a refusal that names a field on that field, under the form’s message', async () => {
    const state = await runAction({
      name: 'test',
      form: form({ name: 'n', size: '3' }),
      run: async () => {
        throw new ConsoleError('name_taken', 'Any words at all', { field: 'name' });
      },
    });
    expect(state).toEqual({
      status: 'error',
      message: 'Check the fields marked below.',
      fieldErrors: { name: ['Any words at all'] },
      values: { name: 'n', size: '3' },
    });
    expect(stand.logged).toEqual([]);
  });

  it('answers a refusal without a field with its own message, and logs nothing', async () => {
    const state = await runAction({
      name: 'test',
      run: async () => {
        throw new ConsoleError('limit_reached', 'You can have at most 10 API keys.');
      },
    });
    expect(state).toEqual({ status: 'error', message: 'You can have at most 10 API keys.' });
    expect(stand.logged).toEqual([]);
  });

  it('logs an unexpected failure with the request id and answers generic text, never the error’s', async () => {
    const failure = new Error('connection to 10.0.0.5:5432 refused');
    const state = await runPublicAction({
      name: 'signIn',
      form: form({ name: 'n', size: '3' }),
      run: async () => {
        throw failure;
      },
    });
    expect(state).toEqual({
      status: 'error',
      message: 'Something went wrong. Please try again.',
      values: { name: 'n', size: '3' },
    });
    expect(stand.logged).toEqual([
      {
        fields: { action: 'signIn', requestId: 'req_0123abcd', err: failure },
        message: 'console action signIn failed',
      },
    ]);
  });

  it('answers an unexpected failure with the action’s own words when it has them', async () => {
    const state = await runAction({
      name: 'buyCredits',
      failure: 'Payments are unavailable right now.',
      run: async () => {
        throw new Error('Stripe is down');
      },
    });
    expect(state).toEqual({ status: 'error', message: 'Payments are unavailable right now.' });
    expect(stand.logged).toHaveLength(1);
  });

  it('lets a redirect through as the answer it is, unlogged', async () => {
    const { redirect } = await import('next/navigation');
    await expect(runAction({ name: 'test', run: async () => redirect('/billing') })).rejects.toMatchObject({
      digest: expect.stringMatching(/^NEXT_REDIRECT/),
    });
    expect(stand.logged).toEqual([]);
  });
});

describe('createApiKeyAction', () => {
  const keyForm = () => {
    const data = new FormData();
    data.set('name', 'ci');
    data.set('expiresOn', '');
    data.set('monthlyLimit', '');
    return data;
  };

  it.each(['expiresOn', 'scopes', 'monthlyLimit'])(
    'marks the %s field a refusal names, whatever its words',
    async (field) => {
      stand.createApiKey = async () => {
        throw new ConsoleError('invalid_input', 'Words no code matches on', { field });
      };
      const state = await createApiKeyAction({ status: 'idle' }, keyForm());
      expect(state).toMatchObject({
        status: 'error',
        message: 'The key was not created. Check the fields marked below.',
        fieldErrors: { [field]: ['Words no code matches on'] },
        values: { name: 'ci', expiresOn: '', monthlyLimit: '' },
      });
    },
  );
});
