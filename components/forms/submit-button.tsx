'use client';

import type { ReactNode } from 'react';

import { Button, type ButtonProps } from '@/components/ui/button';

/** Submit button that is disabled and says so while its form's action is pending. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...props
}: ButtonProps & { pending: boolean; pendingLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={pending} aria-disabled={pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
