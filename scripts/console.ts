// Operator command line: `npm run console -- <command> [--flag value…]`.
// Exit codes: 0 success, 1 failure, 2 usage error.
import { db } from '@/lib/db';
import { ConsoleError } from '@/lib/server/console-error';

import { UsageError } from './console/args';
import { billingStatusCommand } from './console/billing-status';
import { checkSourcesCommand } from './console/check-sources';
import { blockCommand } from './console/block';
import { closeMonthCommand } from './console/close-month';
import type { ConsoleCommand } from './console/command';
import { creditsCommand } from './console/credits';
import { createAccountCommand } from './console/create-account';
import { createKeyCommand } from './console/create-key';
import { fetchNewsCommand } from './console/fetch-news';
import { grantCreditsCommand } from './console/grant-credits';
import { refundCreditsCommand } from './console/refund-credits';
import { setBillingCommand } from './console/set-billing';
import { sourceStatusCommand } from './console/source-status';
import { unblockCommand } from './console/unblock';

export const commands: Record<string, ConsoleCommand> = {
  'create-key': createKeyCommand,
  'create-account': createAccountCommand,
  'set-billing': setBillingCommand,
  'close-month': closeMonthCommand,
  block: blockCommand,
  unblock: unblockCommand,
  'billing-status': billingStatusCommand,
  credits: creditsCommand,
  'grant-credits': grantCreditsCommand,
  'refund-credits': refundCreditsCommand,
  'check-sources': checkSourcesCommand,
  'fetch-news': fetchNewsCommand,
  'source-status': sourceStatusCommand,
};

function usage(): string {
  const lines = Object.values(commands).map((c) => `  ${c.usage}\n      ${c.description}`);
  return `Usage: npm run console -- <command> [options]\n\nCommands:\n${lines.join('\n')}`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === 'help') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command: ${name}\n\n${usage()}`);
    return 2;
  }
  try {
    await command.run(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nUsage: npm run console -- ${command.usage}`);
      return 2;
    }
    // Errors written for people: show their message. Anything else: the details, for the operator.
    if (error instanceof ConsoleError) console.error(`Error: ${error.message}`);
    else console.error('Error:', error instanceof Error ? error.message : error);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
await db.$disconnect();
process.exit(code);
