/**
 * The app addresses its user with "je" and "jouw", never the formal "u" or "uw" (issue 19): one
 * form of address on every screen, in every message and mail. The shared texts' unit test
 * (wording.test.ts) and the mails' test check their texts with this.
 */
export const FORMAL_ADDRESS = /(?<![\p{L}\p{N}])(u|uw|uzelf)(?![\p{L}\p{N}])/iu;

/** The first formal form of address in `text` ("u", "uw"), or null. */
export const formalAddressIn = (text: string): string | null => FORMAL_ADDRESS.exec(text)?.[0] ?? null;
