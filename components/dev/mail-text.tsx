// The development mailbox's view of a mail's text (/dev/mailbox).
import type { ReactNode } from 'react';

// A web address in a mail's text: up to the next space, without a sentence's closing punctuation.
const LINK = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g;

/** A mail's text as a mail program shows it: its web addresses are links one can follow. */
export function MailText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={match[0]} className="text-primary underline">
        {match[0]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
