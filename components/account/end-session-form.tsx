'use client';

import { useFormStatus } from 'react-dom';

import { SubmitButton } from '@/components/forms/submit-button';
import { endSessionAction } from '@/lib/actions/sessions';

function EndButton({ device }: { device: string }) {
  const { pending } = useFormStatus();
  return (
    <SubmitButton pending={pending} pendingLabel="Ending…" variant="danger" size="sm" className="whitespace-nowrap">
      End session<span className="sr-only"> on {device}</span>
    </SubmitButton>
  );
}

/**
 * A row's "End session" button. Its outcome goes to the list, which announces it: when it worked,
 * this row leaves the list (and this form with it) in the same refresh.
 */
export function EndSessionForm({
  sessionId,
  device,
  onOutcome,
}: {
  sessionId: string;
  device: string;
  onOutcome: (outcome: { ok: boolean; message: string }) => void;
}) {
  async function end(formData: FormData) {
    const state = await endSessionAction({ status: 'idle' }, formData);
    onOutcome({ ok: state.status === 'success', message: state.message ?? '' });
  }
  return (
    <form action={end}>
      <input type="hidden" name="sessionId" value={sessionId} />
      <EndButton device={device} />
    </form>
  );
}
