'use client';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { ApiKeyRecord } from '@/lib/server/keys/api-key-select';
import { ROLL_GRACE_LABELS, ROLL_GRACE_PERIODS, type RollGrace } from '@/lib/validation/api-key-rules';

export type KeyRollDialogProps = {
  apiKey: ApiKeyRecord | null;
  label: string;
  open: boolean;
  onClose: () => void;
  action: (formData: FormData) => void;
};

/** Roll: a new key is made (shown once) and the old one keeps working for the chosen time. */
export function KeyRollDialog({ apiKey, label, open, onClose, action }: KeyRollDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Roll ${label}?`}
      description={
        apiKey ? (
          <>
            A new key replaces{' '}
            <span className="font-mono">
              {apiKey.prefix}…{apiKey.last4}
            </span>
            , with the same name, restriction, limit and expiry. It is shown once. Until the old key stops, both work
            and both count toward your 10 keys.
          </>
        ) : null
      }
    >
      <form action={action} onSubmit={onClose} className="flex flex-col gap-4">
        <input type="hidden" name="keyId" value={apiKey?.id ?? ''} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">When should the old key stop working?</legend>
          {(Object.keys(ROLL_GRACE_PERIODS) as RollGrace[]).map((grace) => (
            <label key={grace} className="flex items-center gap-2 text-sm">
              <input type="radio" name="grace" value={grace} defaultChecked={grace === '24h'} className="size-4" />
              {ROLL_GRACE_LABELS[grace]}
            </label>
          ))}
          <p className="text-sm text-muted">After that, calls with it answer 401 expired_api_key.</p>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" autoFocus onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary">
            Roll key
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
