/**
 * Rush e-mails: a rush writes one outbox row per address in its own transaction; a sender outside the request
 * delivers queued rows through SMTP when `SMTP_URL` is set. A row is claimed by bumping its attempt count and
 * pushing its next attempt back under `for update skip locked`, so two server processes never send one mail twice;
 * a failed attempt stays queued with a growing delay until the last attempt marks it failed with the error.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

/** What the sender needs of a mail transport (nodemailer's `Transporter` fits). */
interface MailTransport {
  sendMail(mail: { from: string; to: string[]; subject: string; text: string }): Promise<unknown>;
}

export interface MailSenderOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  /** Attempts before a mail is marked failed. Default 5. */
  maxAttempts?: number;
  /** Delay after the first failure, doubled after each next one. Default 30 s. */
  retryDelayMs?: number;
  /** Mails claimed per round. Default 20. */
  batch?: number;
  onError?: (error: unknown) => void;
}

/** Sends queued outbox mails: `runOnce()` is one round; `start(ms)` runs rounds on a timer until `stop()`. */
export function createMailSender(options: MailSenderOptions) {
  const { db, transport, from } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 30_000;
  const batch = options.batch ?? 20;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  /** Claims due mails: bumps their attempts and moves their next attempt past the send's time. */
  async function claim() {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + interval '10 minutes'`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /** One round: sends what is due; answers how many were sent. */
  async function round(): Promise<number> {
    const mails = await claim();
    let sent = 0;
    for (const mail of mails) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.body });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, error: null })
          .where(eq(mailOutbox.id, mail.id));
        sent += 1;
      } catch (error) {
        const text = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        const last = mail.attempts >= maxAttempts;
        const delay = retryDelayMs * 2 ** (mail.attempts - 1);
        await db
          .update(mailOutbox)
          .set({
            status: last ? 'failed' : 'queued',
            error: text,
            nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
          })
          .where(eq(mailOutbox.id, mail.id));
      }
    }
    return sent;
  }

  return {
    /** One round of sending, never two at once; answers how many mails went out. */
    runOnce(): Promise<number> {
      running ??= round().finally(() => {
        running = null;
      });
      return running;
    },
    /** Runs a round every `intervalMs` until stopped. */
    start(intervalMs: number) {
      if (timer) return;
      timer = setInterval(() => {
        this.runOnce().catch((error) => options.onError?.(error));
      }, intervalMs);
      timer.unref();
    },
    /** Stops the timer and waits for a round under way. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
