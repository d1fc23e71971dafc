import net from 'node:net';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import type { DbHandle } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { createMailSender } from './mail.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A local SMTP listener speaking just enough of RFC 5321; `refuse` makes it turn every sender away with 550. */
function smtpListener() {
  const received: Received[] = [];
  const state = { refuse: false };
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.write('220 localhost ESMTP test\r\n');
    let buffer = '';
    let inData = false;
    let mail: Received = { from: '', to: [], data: '' };
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'MAIL') {
          if (state.refuse) socket.write('550 mailbox unavailable\r\n');
          else {
            mail.from = line;
            socket.write('250 OK\r\n');
          }
        } else if (verb === 'RCPT') {
          mail.to.push(line.replace(/^RCPT TO:<(.*)>.*$/i, '$1'));
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 end with <CRLF>.<CRLF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return { server, received, state };
}

let db: DbHandle;
const smtp = smtpListener();
let port = 0;

beforeAll(async () => {
  db = await openTestDb();
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await db.close();
  await new Promise((resolve) => smtp.server.close(resolve));
});
beforeEach(async () => {
  await db.db.delete(mailOutbox);
  smtp.received.length = 0;
  smtp.state.refuse = false;
});

const sender = (options: { maxAttempts?: number } = {}) =>
  createMailSender({
    db: db.db,
    transport: nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }),
    from: 'rush@kzn.example',
    retryDelayMs: 0,
    ...options,
  });

const queue = (to: string, subject: string) =>
  db.db
    .insert(mailOutbox)
    .values({ to: [to], subject, body: `Тело: ${subject}` })
    .returning();

describe('the mail sender', () => {
  it('delivers queued mails over SMTP and marks them sent', async () => {
    const [a] = await queue('a@example.com', 'Срочный багаж № 1');
    await queue('b@example.com', 'Срочный багаж № 2');
    expect(await sender().runOnce()).toBe(2);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(smtp.received[0].data).toContain('Subject:');
    const [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.id, a.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null });
    expect(row.sentAt).not.toBeNull();
  });

  it('sends a mail once even when two rounds run at the same time', async () => {
    await queue('once@example.com', 'Один раз');
    const [first, second] = [sender(), sender()];
    const sent = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps a refused mail queued with the error, then marks it failed after the last attempt', async () => {
    smtp.state.refuse = true;
    const [mail] = await queue('refused@example.com', 'Отказ');
    const twice = sender({ maxAttempts: 2 });
    expect(await twice.runOnce()).toBe(0);
    let [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.error).toContain('550');
    await twice.runOnce();
    [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    await twice.runOnce();
    [row] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row.attempts).toBe(2);
    expect(smtp.received).toHaveLength(0);
  });
});
