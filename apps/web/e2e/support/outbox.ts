import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The e2e server's mails: without SMTP_URL every mail is an .eml file in DATA_DIR/outbox
 * (E2E_OUTBOX, or the newest /tmp/keurwijzer-e2e-<pid>/outbox).
 */
function outboxDir(): string {
  if (process.env.E2E_OUTBOX) return process.env.E2E_OUTBOX;
  const dirs = readdirSync('/tmp')
    .filter((d) => d.startsWith('keurwijzer-e2e-'))
    .map((d) => path.join('/tmp', d, 'outbox'))
    .filter((d) => {
      try {
        return statSync(d).isDirectory();
      } catch {
        return false;
      }
    })
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!dirs[0]) throw new Error('no outbox yet');
  return dirs[0];
}

/** The texts of the mails to `to`, oldest first (quoted-printable soft breaks and escapes undone). */
export function mailsTo(to: string): string[] {
  let files: string[];
  let dir: string;
  try {
    dir = outboxDir();
    files = readdirSync(dir);
  } catch {
    // The server makes the outbox with its first mail.
    return [];
  }
  const name = to.replace(/[^a-z0-9@.-]/gi, '_');
  return files
    .filter((f) => f.endsWith(`-${name}.eml`))
    .sort()
    .map((f) =>
      readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** Waits for a mail to `to` that contains `text`, and returns it (mails go out after the answer). */
export async function mailContaining(to: string, text: string): Promise<string> {
  await expect.poll(() => mailsTo(to).some((m) => m.includes(text)), { timeout: 15_000 }).toBe(true);
  return mailsTo(to).find((m) => m.includes(text))!;
}
