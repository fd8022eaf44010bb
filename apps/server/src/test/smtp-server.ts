import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the test's SMTP server took it. */
export type ReceivedMail = { from: string; to: string[]; subject: string; text: string; html: string };

/**
 * A real SMTP server for a test (the `smtp-server` package) on a free port of 127.0.0.1: the app
 * sends to `url` (SMTP_URL) and the test reads `received` back. `refuse(address, attempt)` turns
 * a recipient away (550) on its `attempt`-th try (1, 2, ...), e.g. to make the queue retry.
 */
export async function startSmtpServer(
  options: { refuse?: (address: string, attempt: number) => boolean } = {},
): Promise<{ url: string; received: ReceivedMail[]; attempts: Map<string, number>; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const attempt = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, attempt);
      if (options.refuse?.(address.address, attempt)) return callback(new Error('Mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
