import { signInWithProviderAction } from '@/lib/actions/auth';
import { enabledOAuthProviders } from '@/lib/auth/config';

import { buttonClasses } from '@/components/ui/button';

/** One button per configured OAuth provider; nothing at all when none is configured. */
export function OAuthButtons({ callbackUrl }: { callbackUrl?: string }) {
  const providers = enabledOAuthProviders();
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-center text-sm text-muted">or</p>
      {providers.map((provider) => (
        <form key={provider.id} action={signInWithProviderAction}>
          <input type="hidden" name="provider" value={provider.id} />
          {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
          <button type="submit" className={`${buttonClasses('secondary')} w-full`}>
            Continue with {provider.name}
          </button>
        </form>
      ))}
    </div>
  );
}
