// A key's buttons: roll (a working key not yet replaced), manage and revoke or re-enable (a key
// not expired), and delete. aria-disabled while another action runs keeps the focus in place.
import { Button } from '@/components/ui/button';
import type { ApiKeyRecord } from '@/lib/server/keys/api-key-select';

export type ApiKeyRowActionsProps = {
  apiKey: ApiKeyRecord;
  /** The key's name in buttons' labels: unique on the page ("Revoke production"). */
  label: string;
  busy: boolean;
  /** Past its expiry or a roll's grace end (judged on the server, as the page was made). */
  expired: boolean;
  /** The key that replaced this one in a roll: this one is ending (or ended) and is not rolled again. */
  replacedBy: ApiKeyRecord | null;
  toggleAction: (formData: FormData) => void;
  onToggle: (keyId: string) => void;
  onDelete: (key: ApiKeyRecord) => void;
  onRoll: (key: ApiKeyRecord) => void;
  onManage: (key: ApiKeyRecord) => void;
};

export function ApiKeyRowActions({
  apiKey: key,
  label,
  busy,
  expired,
  replacedBy,
  toggleAction,
  onToggle,
  onDelete,
  onRoll,
  onManage,
}: ApiKeyRowActionsProps) {
  const active = key.status === 'active';
  const toggleText = active ? 'Revoke' : 'Re-enable';
  return (
    <div className="flex w-full flex-wrap justify-end gap-2 max-md:justify-stretch">
      {active && !expired && !replacedBy ? (
        <Button
          variant="secondary"
          size="sm"
          className="max-md:flex-1"
          aria-disabled={busy}
          data-key-action="roll"
          aria-label={`Roll ${label}`}
          onClick={() => !busy && onRoll(key)}
        >
          Roll
        </Button>
      ) : null}
      {!expired ? (
        <Button
          variant="secondary"
          size="sm"
          className="max-md:flex-1"
          aria-disabled={busy}
          data-key-action="manage"
          aria-label={`Manage ${label}`}
          onClick={() => !busy && onManage(key)}
        >
          Manage
        </Button>
      ) : null}
      {!expired ? (
        <form
          action={toggleAction}
          className="max-md:flex-1"
          onSubmit={(event) => {
            // aria-disabled, not disabled: a disabled button would drop the focus on <body>.
            if (busy) event.preventDefault();
            else onToggle(key.id);
          }}
        >
          <input type="hidden" name="keyId" value={key.id} />
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            className="w-full"
            aria-disabled={busy}
            data-key-action="toggle"
            aria-label={`${toggleText} ${label}`}
          >
            {toggleText}
          </Button>
        </form>
      ) : null}
      <Button
        variant="danger"
        size="sm"
        className="max-md:flex-1"
        aria-disabled={busy}
        data-key-action="delete"
        aria-label={`Delete ${label}`}
        onClick={() => {
          if (!busy) onDelete(key);
        }}
      >
        Delete
      </Button>
    </div>
  );
}
