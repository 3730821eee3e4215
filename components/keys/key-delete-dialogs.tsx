// The key list's two confirmations: delete one key, or every expired key at once.
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { ApiKeyRecord } from '@/lib/server/keys/api-key-select';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** The form's server action (its state is the list's, which announces the outcome). */
  action: (form: FormData) => void;
}

export function DeleteExpiredKeysDialog({ keys, open, onClose, action }: DialogProps & { keys: ApiKeyRecord[] }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Delete ${keys.length} expired ${keys.length === 1 ? 'key' : 'keys'}?`}
      description="They no longer work and cannot be restored. Their calls stay in your usage."
    >
      <form action={action} onSubmit={onClose} className="flex flex-col gap-4">
        <ul aria-label="Expired keys" className="flex flex-col gap-1 text-sm">
          {keys.map((key) => (
            <li key={key.id}>
              <input type="hidden" name="keyId" value={key.id} />
              <span className="font-mono">
                {key.prefix}…{key.last4}
              </span>
              {key.name ? ` (${key.name})` : ''}
            </li>
          ))}
        </ul>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" autoFocus onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive">
            Delete expired keys
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function DeleteKeyDialog({ apiKey, open, onClose, action }: DialogProps & { apiKey: ApiKeyRecord | null }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Delete this key?"
      description={
        apiKey ? (
          <>
            <span className="font-mono">
              {apiKey.prefix}…{apiKey.last4}
            </span>
            {apiKey.name ? ` (${apiKey.name})` : ''} will stop working at once and cannot be restored. Requests with it
            will answer “Invalid API key”.
          </>
        ) : null
      }
    >
      <form action={action} onSubmit={onClose} className="flex justify-end gap-2">
        <input type="hidden" name="keyId" value={apiKey?.id ?? ''} />
        <Button variant="secondary" autoFocus onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive">
          Delete key
        </Button>
      </form>
    </Dialog>
  );
}
