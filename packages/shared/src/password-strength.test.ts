import { describe, expect, it } from 'vitest';
import { isPasswordStrongEnough, ownWords, passwordScore, withoutWords } from './password-strength';
import { isStrongPassword } from './validation';

const sanne = { firstName: 'Sanne', lastName: 'Bakker', email: 'sanne.bakker@bakker-techniek.nl' };

describe('password strength (zxcvbn-ts, common and Dutch dictionaries)', () => {
  it('refuses passwords that meet the spec rule but are easy to guess', () => {
    for (const weak of ['Password1!', 'Wachtwoord1!', 'Welkom123!', 'Geheim123!', 'Demo1234!', 'Keurwijzer1!']) {
      expect(isStrongPassword(weak), weak).toBe(true);
      expect(isPasswordStrongEnough(weak), weak).toBe(false);
    }
  });

  it('accepts a few unrelated words with digits and signs', () => {
    for (const strong of ['Fietsbel-Kano7!', 'Werkplaats-Demo-42!', 'Tulpen-Kraan-58!']) {
      expect(isPasswordStrongEnough(strong, sanne), strong).toBe(true);
    }
  });

  it("refuses a password made of the owner's own name or e-mail", () => {
    // zxcvbn alone rates some of these 3 or 4: the check also scores what is left without them.
    for (const own of ['Sanne.Bakker1', 'SanneBakker1!', 'Bakker.Sanne#9', 'Sanne.Bakker@2024', 'Techniek2024!']) {
      expect(passwordScore(own, sanne), own).toBeLessThan(3);
      expect(isPasswordStrongEnough(own, sanne), own).toBe(false);
    }
    // The same password is fine for someone else.
    expect(isPasswordStrongEnough('Bakker.Sanne#9', { firstName: 'Jeroen', lastName: 'Visser' })).toBe(true);
    // A strong password may contain the name when the rest is strong on its own.
    expect(isPasswordStrongEnough('Sanne-Fietsbel-Kano7', sanne)).toBe(true);
  });

  it('derives the words from names and the e-mail address', () => {
    expect(ownWords(sanne).sort()).toEqual(
      [
        'keurwijzer',
        'sanne',
        'bakker',
        'sannebakker',
        'sanne.bakker@bakker-techniek.nl',
        'sanne.bakker',
        'bakker-techniek',
        'techniek',
      ].sort(),
    );
    expect(ownWords({ firstName: 'Jo', lastName: 'de Vries' })).toEqual([
      'keurwijzer',
      'de vries',
      'vries',
      'jodevries',
    ]);
    expect(withoutWords('xSANNEy.bakker', ['sanne', 'bakker'])).toBe('xy.');
    expect(withoutWords('a.b+c', ['.b+'])).toBe('ac');
  });
});
