'use client';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import {
  SECRET_ROLL_GRACE_LABELS,
  SECRET_ROLL_GRACE_PERIODS,
  type SecretRollGrace,
} from '@/lib/validation/webhook-rules';

/** Roll: a new signing secret (shown once); the old one also signs for the chosen time, as a key roll. */
export function RollSecretDialog({
  endpointId,
  url,
  open,
  onClose,
  action,
}: {
  endpointId: string;
  url: string;
  open: boolean;
  onClose: () => void;
  action: (formData: FormData) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Roll the signing secret?"
      description={
        <>
          A new secret signs deliveries to <span className="break-all font-mono">{url}</span>. It is shown once. Until
          the old one stops, each delivery carries a signature with each, so your receiver can switch without missing
          one.
        </>
      }
    >
      <form action={action} onSubmit={onClose} className="flex flex-col gap-4">
        <input type="hidden" name="endpointId" value={endpointId} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">When should the old secret stop signing?</legend>
          {(Object.keys(SECRET_ROLL_GRACE_PERIODS) as SecretRollGrace[]).map((grace) => (
            <label key={grace} className="flex items-center gap-2 text-sm">
              <input type="radio" name="grace" value={grace} defaultChecked={grace === '24h'} className="size-4" />
              {SECRET_ROLL_GRACE_LABELS[grace]}
            </label>
          ))}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" autoFocus onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary">
            Roll secret
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
