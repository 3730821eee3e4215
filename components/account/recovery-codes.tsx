'use client';

// New recovery codes, shown once: to copy or download before they are gone.
import { useEffect, useRef } from 'react';

import { Button, buttonClasses } from '@/components/ui/button';
import { useCopy } from '@/components/ui/use-copy';

/** The name the downloaded codes are saved under. */
const RECOVERY_CODES_FILE = 'public-data-api-recovery-codes.txt';

/** The codes as a file keeps them: what they are, then one code a line. */
function recoveryCodesText(codes: string[]): string {
  return [
    'Public Data API recovery codes',
    'Each signs in once in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { status, copy } = useCopy();
  const text = recoveryCodesText(codes);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3 rounded-md border border-warning bg-surface p-4">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold">
        Your recovery codes
      </h3>
      <p className="text-sm">
        Save them somewhere safe now: they are not shown again. Each signs in once in place of a code, if you lose your
        phone.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => copy(text, 'Recovery codes copied', 'recovery codes')}>
          Copy codes
        </Button>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={RECOVERY_CODES_FILE}
          className={buttonClasses('secondary', 'sm')}
        >
          Download codes
        </a>
        <span aria-live="polite" className="text-xs text-muted">
          {status}
        </span>
      </div>
      <button type="button" onClick={onDone} className="self-start text-sm font-medium text-primary underline">
        I have saved them
      </button>
    </div>
  );
}
