'use client';

import { useState } from 'react';

import { EndSessionForm } from '@/components/account/end-session-form';
import { DateTime } from '@/components/ui/date-time';
import { Table, TD, TH, THead, TR } from '@/components/ui/table';

export type SessionRow = {
  id: string;
  device: string;
  method: string;
  /** ISO times. */
  firstSeenAt: string;
  lastSeenAt: string;
  ip: string | null;
  current: boolean;
};

const METHODS: Record<string, string> = {
  password: 'Password',
  'password+code': 'Password and code',
  github: 'GitHub',
  google: 'Google',
};

/**
 * The signed-in sessions in /settings; every other session can be ended. The outcome is announced
 * here, not in the row: an ended session's row leaves the list.
 */
export function SessionList({ sessions }: { sessions: SessionRow[] }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <Table caption="Signed-in sessions">
        <THead>
          <tr>
            <TH>Device</TH>
            <TH>Signed in</TH>
            <TH>Last seen</TH>
            <TH>Address</TH>
            <TH>
              <span className="sr-only">Actions</span>
            </TH>
          </tr>
        </THead>
        <tbody>
          {sessions.map((s) => (
            <TR key={s.id}>
              <TD>
                <span className="font-medium">{s.device}</span>
                <span className="block text-xs text-muted">{METHODS[s.method] ?? 'Earlier sign-in'}</span>
              </TD>
              <TD>
                <DateTime value={s.firstSeenAt} />
              </TD>
              <TD>
                <DateTime value={s.lastSeenAt} />
              </TD>
              <TD className="font-mono text-xs">{s.ip ?? <span className="text-muted">unknown</span>}</TD>
              <TD className="text-right">
                {s.current ? (
                  <span className="text-sm font-medium text-success">This session</span>
                ) : (
                  <EndSessionForm sessionId={s.id} device={s.device} onOutcome={setOutcome} />
                )}
              </TD>
            </TR>
          ))}
        </tbody>
      </Table>
      <div aria-live="polite" role="status" className="min-h-6 text-sm">
        {outcome ? <p className={outcome.ok ? 'text-success' : 'text-danger'}>{outcome.message}</p> : null}
      </div>
    </div>
  );
}
