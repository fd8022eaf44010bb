import { dictionary } from '@zxcvbn-ts/language-common';

/** The 10,000 most used passwords (security.md), compared without case. Loaded on first use. */
let top: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  top ??= new Set((dictionary['passwords-common'] as string[]).slice(0, 10_000).map((p) => p.toLowerCase()));
  return top.has(password.toLowerCase());
}
