// /settings' sign-in methods: the providers a user can link or remove, what the last link did,
// and a fresh sign-in through a provider for users without a password.
import { ActionForm } from '@/components/forms/action-form';
import { buttonClasses } from '@/components/ui/button';
import { signInWithProviderAction } from '@/lib/actions/auth';
import { linkSignInMethodAction, removeSignInMethodAction } from '@/lib/actions/sign-in-methods';
import { enabledOAuthProviders } from '@/lib/auth/config';

import { CURRENT_PASSWORD } from './settings-fields';

/** For users without a password: a fresh sign-in through their provider stands in for it. */
export function SignInAgain() {
  return (
    <div className="flex flex-wrap gap-2">
      {enabledOAuthProviders().map((provider) => (
        <form key={provider.id} action={signInWithProviderAction}>
          <input type="hidden" name="provider" value={provider.id} />
          <input type="hidden" name="callbackUrl" value="/settings" />
          <button type="submit" className={buttonClasses('secondary')}>
            Sign in again with {provider.name}
          </button>
        </form>
      ))}
    </div>
  );
}

const LINK_OUTCOMES: Record<string, (provider: string) => { text: string; ok: boolean }> = {
  linked: (p) => ({ text: `${p} is linked: it signs in to this account now. We mailed your address.`, ok: true }),
  already_linked: (p) => ({ text: `That ${p} account was already linked to this account.`, ok: true }),
  taken: (p) => ({ text: `That ${p} account signs in to another account here, so it was not linked.`, ok: false }),
  expired: (p) => ({ text: `Linking ${p} took too long. Start again.`, ok: false }),
};

/** What the provider's callback reported after "Link …" (lib/auth/index.ts), from the URL. */
export function LinkOutcome({ outcome, provider }: { outcome?: string; provider?: string }) {
  const words = outcome && Object.hasOwn(LINK_OUTCOMES, outcome) ? LINK_OUTCOMES[outcome] : undefined;
  const name = enabledOAuthProviders().find((p) => p.id === provider)?.name;
  if (!words || !name) return null;
  const { text, ok } = words(name);
  return (
    <p
      role={ok ? 'status' : 'alert'}
      className={`rounded-md border p-3 text-sm ${ok ? 'border-border bg-surface' : 'border-danger bg-danger-soft text-danger'}`}
    >
      {text}
    </p>
  );
}

/** GitHub and Google: linked ones can be removed, others linked; both need the password (or a recent sign-in). */
export function SignInMethods({
  hasPassword,
  linked,
}: {
  hasPassword: boolean;
  linked: { provider: string; createdAt: Date }[];
}) {
  const providers = enabledOAuthProviders();
  if (providers.length === 0) return <p className="text-sm text-muted">No other sign-in method is configured here.</p>;
  const proof = hasPassword ? [CURRENT_PASSWORD] : [];
  return (
    <ul className="flex flex-col gap-4">
      {providers.map((provider) => {
        const since = linked.find((l) => l.provider === provider.id)?.createdAt;
        return (
          <li key={provider.id} className="flex flex-col gap-2">
            <p className="text-sm">
              <strong>{provider.name}</strong>:{' '}
              {since ? `linked since ${since.toISOString().slice(0, 10)}` : 'not linked'}
            </p>
            <ActionForm
              action={since ? removeSignInMethodAction : linkSignInMethodAction}
              fields={proof}
              hidden={{ provider: provider.id }}
              submitLabel={since ? `Remove ${provider.name}` : `Link ${provider.name}`}
              pendingLabel={since ? 'Removing…' : 'Going to the provider…'}
              variant={since ? 'danger' : 'primary'}
            />
          </li>
        );
      })}
    </ul>
  );
}
