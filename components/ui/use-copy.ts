'use client';

import { useState } from 'react';

/** Writes text to the clipboard; false when the browser refused (no permission, no secure context). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** What to say when a copy failed: how to copy `what` by hand. */
export const copyFailedText = (what: string) => `Copy failed: select the ${what} and copy it by hand`;

/** A copy action and the status line that says how it went (for an aria-live region). */
export function useCopy(): { status: string; copy(text: string, done: string, what: string): Promise<void> } {
  const [status, setStatus] = useState('');
  async function copy(text: string, done: string, what: string) {
    setStatus((await copyToClipboard(text)) ? done : copyFailedText(what));
  }
  return { status, copy };
}
