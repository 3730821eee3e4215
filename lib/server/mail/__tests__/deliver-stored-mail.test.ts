// Mail delivery (what the worker's send_mail task runs): a stored message is delivered once,
// however often its job runs, and a failed delivery leaves the message unsent for the retry.
// Delivered over SMTP to a small SMTP catcher on loopback, through nodemailer as in production.
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { deliverStoredMail } from '../deliver-stored-mail';
import { storeMail } from '../send-mail';

/** An SMTP server that keeps what it is sent, or refuses every message while `refusing`. */
class SmtpCatcher {
  readonly received: string[] = [];
  refusing = false;
  private readonly server = net.createServer((socket) => this.converse(socket));

  async start(): Promise<string> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `smtp://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  private converse(socket: net.Socket): void {
    let buffer = '';
    let data: string | null = null;
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 catcher ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          this.received.push(data);
          data = null;
          say('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') say('250 catcher');
        else if (verb === 'MAIL') say(this.refusing ? '451 4.3.0 mailbox busy, try again later' : '250 2.1.0 ok');
        else if (verb === 'RCPT') say('250 2.1.5 ok');
        else if (verb === 'DATA') {
          data = '';
          say('354 go ahead');
        } else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
        } else say('250 ok'); // RSET, NOOP
      }
    });
    socket.on('error', () => {});
  }
}

const catcher = new SmtpCatcher();
let smtpUrl = '';
beforeAll(async () => {
  smtpUrl = await catcher.start();
});
afterAll(async () => {
  await catcher.close();
});

/** One run of the send_mail job for the message: a delivery over the catcher. */
const deliver = (id: string) => deliverStoredMail(id, { smtpUrl });

async function storedMessage(): Promise<{ id: string; subject: string }> {
  const subject = `Guarded delivery ${randomUUID()}`;
  const id = await storeMail(db, { to: `mail-${randomUUID()}@guards.test`, subject, text: 'Hello once.' });
  return { id: id!, subject };
}

const deliveriesOf = (subject: string) => catcher.received.filter((m) => m.includes(`Subject: ${subject}`)).length;
const sentAtOf = async (id: string) => (await db.mailMessage.findUniqueOrThrow({ where: { id } })).sentAt;

test('a mail is delivered once, even if its job runs twice', async () => {
  const { id, subject } = await storedMessage();
  await deliver(id);
  await deliver(id);
  expect(deliveriesOf(subject)).toBe(1);
  expect(await sentAtOf(id)).toBeInstanceOf(Date);
});

test('a failed delivery leaves the mail unsent, and the retry delivers it once', async () => {
  const { id, subject } = await storedMessage();
  catcher.refusing = true;
  try {
    await expect(deliver(id)).rejects.toThrow(/451/);
  } finally {
    catcher.refusing = false;
  }
  expect(deliveriesOf(subject)).toBe(0);
  expect(await sentAtOf(id)).toBeNull();

  await deliver(id);
  await deliver(id);
  expect(deliveriesOf(subject)).toBe(1);
  expect(await sentAtOf(id)).toBeInstanceOf(Date);
});
