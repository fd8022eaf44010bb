import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts small secrets for the database (the TOTP keys): AES-256-GCM with a random 96-bit IV
 * per value and a context string as additional data (e.g. `totp:user:42`), so a value copied to
 * another row or purpose does not decrypt. The key is derived with HKDF-SHA256 from the
 * configured key (SECRET_BOX_KEY) or else the session secret; the stored form is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. A database dump alone reveals no secret.
 */
export type SecretBox = {
  seal(plaintext: string, context: string): string;
  /** The plaintext, or null when the value was altered, has the wrong context or another key. */
  open(sealed: string, context: string): string | null;
};

const VERSION = 'v1';

export function createSecretBox(keyMaterial: string): SecretBox {
  if (keyMaterial.length < 16) throw new Error('secret box: key material too short');
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'keurwijzer secret box', 'aes-256-gcm v1', 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) return null;
      const [, iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url'));
      if (iv!.length !== 12 || tag!.length !== 16) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv!);
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag!);
        return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
