import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as dutchDictionary } from '@zxcvbn-ts/language-nl-be';

/*
 * How hard a new password is to guess, by zxcvbn-ts with the common (leaked passwords, keyboard
 * patterns) and Dutch (names, words) dictionaries. On top of the spec's rule (8+ characters,
 * upper, lower, digit, special: `isStrongPassword` in validation.ts), which `Password1!` meets.
 *
 * The dictionaries are large (~1 MB of JavaScript): the web app imports this module only with a
 * dynamic import() from the screens that set a password, so the login page does not load it.
 * The estimator is built on first use (~0.5 s of CPU) and then kept.
 */

/** zxcvbn's scores go from 0 to 4; 3 is "safely unguessable" (about 10^10 guesses, offline). */
export const MIN_PASSWORD_SCORE = 3;

/** Whose password it is: their own name and e-mail are the first things a guesser tries. */
export type PasswordOwner = {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
};

/** The application's own name: as guessable for every user as their own name. */
const APP_WORDS = ['keurwijzer'];

/** Shorter pieces ("de", "nl") are not worth taking out of a password. */
const MIN_WORD = 3;

let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...dutchDictionary },
    graphs: adjacencyGraphs,
  });
  return estimator;
}

/**
 * The owner's own words, lower-cased: first and last name (whole and each part), both together,
 * the e-mail address, its local part and the pieces of it, and the domain's name without the
 * top-level domain ("jan.de-vries@bakker-techniek.nl": jan, vries, bakker, techniek, ...).
 */
export function ownWords(owner: PasswordOwner = {}): string[] {
  const words = new Set<string>(APP_WORDS);
  const add = (word: string | null | undefined) => {
    const w = word?.trim().toLowerCase();
    if (w && w.length >= MIN_WORD) words.add(w);
  };
  const addWithParts = (text: string | null | undefined, separators: RegExp) => {
    add(text);
    for (const part of text?.split(separators) ?? []) add(part);
  };
  addWithParts(owner.firstName, /[\s'-]+/);
  addWithParts(owner.lastName, /[\s'-]+/);
  if (owner.firstName && owner.lastName) add(`${owner.firstName}${owner.lastName}`.replace(/\s+/g, ''));
  if (owner.email) {
    const [local = '', domain = ''] = owner.email.split('@');
    add(owner.email);
    addWithParts(local, /[^\p{L}\p{N}]+/u);
    for (const label of domain.split('.').slice(0, -1)) addWithParts(label, /[^\p{L}\p{N}]+/u);
  }
  return [...words];
}

/** `password` with every occurrence of `words` taken out, longest words first, ignoring case. */
export function withoutWords(password: string, words: readonly string[]): string {
  let rest = password;
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    rest = rest.replace(new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu'), '');
  }
  return rest;
}

/**
 * zxcvbn's score (0-4) of `password` for `owner`, with the owner's own words as extra dictionary:
 * the lower of the password as typed and the password with those words taken out. zxcvbn alone
 * rates "Sanne.Bakker1" 3 for Sanne Bakker (a sequence of several matches looks expensive to
 * it); without her name what is left, ".1", is 0.
 */
export function passwordScore(password: string, owner: PasswordOwner = {}): number {
  const words = ownWords(owner);
  const whole = zxcvbn().check(password, words).score;
  if (whole < MIN_PASSWORD_SCORE) return whole;
  const rest = withoutWords(password, words);
  return rest === password ? whole : Math.min(whole, zxcvbn().check(rest, words).score);
}

/** True when `password` is hard enough to guess for `owner` (score 3 or more). */
export function isPasswordStrongEnough(password: string, owner: PasswordOwner = {}): boolean {
  return passwordScore(password, owner) >= MIN_PASSWORD_SCORE;
}
