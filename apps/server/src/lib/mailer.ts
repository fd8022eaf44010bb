import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * The transport of the mail queue (lib/mail-queue.ts), which is what calls `send`: SMTP when
 * SMTP_URL is set; otherwise every message is written as an .eml file to DATA_DIR/outbox and
 * logged, so invitations can be followed on a machine without mail.
 */
export function createMailer(opts: {
  from: string;
  smtpUrl?: string;
  outboxDir: string;
  log: { info(obj: object, msg: string): void };
}): Mailer {
  if (opts.smtpUrl) {
    // Time-outs well within the queue's job expiry (15 minutes): a hanging server fails the
    // attempt, which is retried, instead of the job expiring while it might still go out.
    const transport = nodemailer.createTransport(opts.smtpUrl, {
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let seq = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(
        opts.outboxDir,
        `${Date.now()}-${String(++seq).padStart(6, '0')}-${mail.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
  };
}

/** Keeps every message in memory: for tests. */
export function createMemoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}
