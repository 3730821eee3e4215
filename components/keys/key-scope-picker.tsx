'use client';

import type { KeyScopeFamily } from '@/lib/server/keys/key-scope-options';

/**
 * The families and endpoints a new key may be restricted to: a checkbox per family (all its
 * endpoints) and per endpoint. Nothing checked: the key may call everything.
 */
export function KeyScopePicker({ options, errors }: { options: KeyScopeFamily[]; errors?: string[] }) {
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={errors?.length ? 'key-scopes-error' : 'key-scopes-hint'}
    >
      <legend className="text-sm font-medium">Restrict to (optional)</legend>
      <p id="key-scopes-hint" className="text-sm text-muted">
        Leave all unchecked for a key that may call every endpoint. A call outside the restriction answers 403
        key_not_permitted and is not billed.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map(({ family, endpoints }) => (
          <div key={family} className="flex flex-col gap-1 rounded-md border border-border p-2">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" name="scopes" value={family} className="size-4" />
              All of {family}
            </label>
            {endpoints.map((path) => (
              <label key={path} className="flex items-center gap-2 pl-6 text-sm [overflow-wrap:anywhere]">
                <input type="checkbox" name="scopes" value={path} className="size-4 shrink-0" />
                <span className="font-mono text-xs">{path}</span>
              </label>
            ))}
          </div>
        ))}
      </div>
      {errors?.length ? (
        <ul id="key-scopes-error" className="text-sm text-danger">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
