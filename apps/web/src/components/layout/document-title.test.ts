import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('is the heading and Keurwijzer on a screen without breadcrumbs', () => {
    expect(documentTitle('Gebruikers')).toBe('Gebruikers · Keurwijzer');
    expect(documentTitle('Inloggen')).toBe('Inloggen · Keurwijzer');
  });

  it('splits "X van <parent>" into the page and its parent crumb', () => {
    const crumbs = ['Klanten', 'Metaalbewerking Brabant B.V.', 'Machines'];
    expect(documentTitle('Machines van Metaalbewerking Brabant B.V.', crumbs)).toBe(
      'Machines · Metaalbewerking Brabant B.V. · Keurwijzer',
    );
    expect(documentTitle('Ruimtes van Hal 1', ['Klanten', 'Klant', 'Hoofdvestiging', 'Hal 1'])).toBe(
      'Ruimtes · Hal 1 · Keurwijzer',
    );
  });

  it('leaves a parent that is still loading out', () => {
    expect(documentTitle('Machines van …', ['Klanten', '…', 'Machines'])).toBe('Machines · Keurwijzer');
  });

  it('takes the nearest crumb the heading does not already name', () => {
    expect(documentTitle('Nieuwe gebruiker', ['Gebruikers', 'Nieuwe gebruiker'])).toBe(
      'Nieuwe gebruiker · Gebruikers · Keurwijzer',
    );
    expect(documentTitle('Bosch bewerken', ['Merken', 'Bosch'])).toBe('Bosch bewerken · Merken · Keurwijzer');
    expect(documentTitle('Categorieën', ['Vragenlijsten', 'Jaarlijkse keuring'])).toBe(
      'Categorieën · Jaarlijkse keuring · Keurwijzer',
    );
  });
});
