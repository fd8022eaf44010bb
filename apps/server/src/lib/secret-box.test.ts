import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const box = createSecretBox('test-secret-'.padEnd(40, 'x'));

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, with a new IV every time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'totp:user:1');
    const b = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'totp:user:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DP');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(a, 'totp:user:1')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(box.open(b, 'totp:user:1')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  });

  it('refuses an altered value, another context, another key and junk', () => {
    const sealed = box.seal('geheim', 'totp:user:1');
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flip = (s: string) => {
      const bytes = Buffer.from(s, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    expect(box.open([v, iv, tag, flip(body)].join('.'), 'totp:user:1')).toBeNull();
    expect(box.open([v, iv, flip(tag), body].join('.'), 'totp:user:1')).toBeNull();
    expect(box.open([v, flip(iv), tag, body].join('.'), 'totp:user:1')).toBeNull();
    expect(box.open(sealed, 'totp:user:2')).toBeNull();
    expect(createSecretBox('another-secret-'.padEnd(40, 'y')).open(sealed, 'totp:user:1')).toBeNull();
    expect(box.open('v2.a.b.c', 'totp:user:1')).toBeNull();
    expect(box.open('junk', 'totp:user:1')).toBeNull();
    expect(box.open('v1...', 'totp:user:1')).toBeNull();
  });

  it('refuses too little key material', () => {
    expect(() => createSecretBox('short')).toThrow();
  });
});
