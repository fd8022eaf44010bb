/**
 * The app addresses its user with "je" and "jouw", never the formal "u" or "uw": one
 * form of address on every screen, in every message and mail. The unit test (wording.test.ts)
 * checks the shared texts and every text of apps/web/src (its string literals, template literals
 * and JSX text, read with the TypeScript compiler), the mails' test every mail.
 */
export const FORMAL_ADDRESS = /(?<![\p{L}\p{N}])(u|uw|uzelf)(?![\p{L}\p{N}])/iu;

/** The first formal form of address in `text` ("u", "uw"), or null. */
export const formalAddressIn = (text: string): string | null => FORMAL_ADDRESS.exec(text)?.[0] ?? null;
