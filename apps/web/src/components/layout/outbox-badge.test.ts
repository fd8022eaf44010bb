import { describe, expect, it } from 'vitest';
import { badgeText, unsentReason } from './outbox-badge';
import { refusalReason } from './outbox-items';

describe('the outbox badge', () => {
  it('names what waits and what the server refused', () => {
    expect(badgeText({ pending: 3, refused: 0 })).toBe('3 wijzigingen nog niet verzonden');
    expect(badgeText({ pending: 1, refused: 1 })).toBe('1 wijziging nog niet verzonden, 1 wijziging geweigerd');
    expect(badgeText({ pending: 0, refused: 2 })).toBe('2 wijzigingen geweigerd');
  });

  it('says why they wait, addressing the user as "je"', () => {
    const state = { pending: 2, refused: 0, sender: true };
    expect(unsentReason({ ...state, status: 'unauthorized' }, true)).toBe(
      'Wacht op inloggen: ze worden verzonden zodra je weer bent ingelogd.',
    );
    expect(unsentReason({ ...state, status: 'idle' }, false)).toMatch(/^Geen verbinding/);
    expect(unsentReason({ ...state, pending: 0, refused: 1, status: 'idle' }, true)).toMatch(/^De server weigerde/);
  });

  it("gives the server's reason with what it said of the fields", () => {
    expect(
      refusalReason({
        message: 'Controleer de invoer',
        errors: { value: ['Een weerstand kan niet negatief zijn'] },
        status: 422,
      }),
    ).toBe('Controleer de invoer: Een weerstand kan niet negatief zijn');
    expect(refusalReason({ message: 'Dit rapport is al ingediend', errors: {}, status: 409 })).toBe(
      'Dit rapport is al ingediend',
    );
  });
});
