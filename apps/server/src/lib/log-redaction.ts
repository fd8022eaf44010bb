/**
 * The tokens of e-mailed links (`APP_URL/activate/{token}`, `/reset-password/{token}`) are
 * secrets in a URL: they never reach the log (security.md). Anything may quote a URL in a log
 * line (the request line, an error's message or stack, a Fastify warning naming `request.url`),
 * so the app's log stream replaces them in every line it writes (`redactingStream`), whatever
 * wrote it, and the request line uses `redactTokens` itself.
 */
const TOKEN_IN_PATH = /(?<![\w-])(activate|reset-password|labels|m)(\/|%2f)(?=[\w-]{16})[^/?#&\s"'\\]+/gi;

/**
 * `text` with the token after every `activate/` or `reset-password/` replaced by `[token]`; so
 * too the code of a machine's QR label in `/m/{code}`, `/api/labels/{code}` and
 * `/api/public/labels/{code}`. Only what looks like one of our tokens (base64url, 16 characters
 * and more: a link's token has 43, a label code 22) and only after the whole path segment: a
 * file's path that merely passes a folder named `m`, `labels` or `…activate` (the outbox's
 * `DATA_DIR/outbox/…eml` in the log) is left as it is.
 */
export const redactTokens = (text: string): string => text.replace(TOKEN_IN_PATH, '$1$2[token]');

/** A log destination that writes each line to `target` with the tokens of e-mailed links redacted. */
export function redactingStream(target: { write(line: string): unknown }): { write(line: string): void } {
  return {
    write(line: string) {
      target.write(redactTokens(line));
    },
  };
}
