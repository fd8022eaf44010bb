import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MINUTES } from '@keurwijzer/shared/account';
import { formalAddressIn } from '@keurwijzer/shared/wording';
import type { Company } from '../config';
import { escapeHtml } from './html';
import {
  activationMail,
  addressTakenMail,
  invitationMail,
  newMalfunctionMail,
  notActivatedMail,
  renderMail,
  resetMail,
  resolvedMalfunctionMail,
  twoFactorResetMail,
  waitingAccountMail,
  type MalfunctionMailFacts,
} from './mail-templates';

const company: Company = { name: 'Keur & Zo B.V.', address: 'Dorpsstraat 1, Utrecht', contact: '030 123 45 67' };
const APP = 'https://keur.example.nl';
const facts: MalfunctionMailFacts = {
  id: 7,
  customerName: 'Bakkerij <b>Brood</b>',
  machineName: 'Kantbank',
  inventoryNumber: 'KB-7',
  place: 'Hal 1, Werkplaats',
  description: 'Lekt "olie" & piept',
  remark: null,
  reporterName: 'Jan Jansen',
  reporterEmail: 'jan@example.com',
  reporterActive: true,
  customerNote: 'Afdichting vervangen',
  urgent: false,
  contactPhone: null,
  respondBy: null,
};

/** Every template once, with the inputs people type in. */
const all = {
  invitation: invitationMail({ firstName: 'Eva' }, `${APP}/activate/tok1`),
  activation: activationMail('Eva', `${APP}/activate/tok2`),
  addressTaken: addressTakenMail('Eva', APP),
  waiting: waitingAccountMail(
    { firstName: 'Eva', preposition: 'de', lastName: 'Vries', email: 'eva@example.com' },
    APP,
  ),
  reset: resetMail({ firstName: 'Eva' }, `${APP}/reset-password/tok3`, company),
  notActivated: notActivatedMail({ firstName: 'Eva' }, company),
  twoFactorReset: twoFactorResetMail({ firstName: 'Eva' }, APP, company),
  malfunction: newMalfunctionMail(facts, APP),
  resolved: resolvedMalfunctionMail(facts, APP),
};

describe('mail templates', () => {
  it('render every mail as Dutch plain text and HTML with the company in the footer', () => {
    for (const [name, message] of Object.entries(all)) {
      const mail = renderMail(message, company);
      expect(mail.subject, name).toBe(message.subject);
      expect(mail.text, name).toContain(`--\n${company.name}\n${company.address}\n${company.contact}`);
      expect(mail.html, name).toMatch(/^<!doctype html>\n<html lang="nl">/);
      expect(mail.html, name).toContain('Keur &amp; Zo B.V.');
      expect(mail.html, name).not.toContain('Keur & Zo');
      expect(mail.html, name).toContain(escapeHtml(company.address));
    }
  });

  it('show a link as a button in HTML and as the bare URL in the text', () => {
    const mail = renderMail(all.invitation, company);
    expect(mail.text).toContain(`activeren:\n\n${APP}/activate/tok1\n\nDe link is 72 uur geldig.`);
    expect(mail.html).toMatch(
      new RegExp(`<a href="${APP}/activate/tok1" style="[^"]*background: #BE1522[^"]*">Wachtwoord kiezen</a>`),
    );
    // The URL itself as well, for a mail program that hides the button.
    expect(mail.html.split(`${APP}/activate/tok1`).length - 1).toBe(3);
  });

  it('say in the reset mail how long the link is valid and that it can be ignored (spec section 8)', () => {
    const mail = renderMail(all.reset, company);
    expect(mail.subject).toBe('Nieuw wachtwoord instellen voor Keur & Zo B.V.');
    expect(mail.text).toContain(`Deze link is ${PASSWORD_RESET_MINUTES} minuten geldig en werkt één keer.`);
    expect(mail.text).toContain('Heb je dit niet aangevraagd, dan kun je deze e-mail negeren');
    expect(mail.html).toContain(`${PASSWORD_RESET_MINUTES} minuten geldig`);
  });

  it('escape what people typed in the HTML part (a name with <script>), and keep it as typed in the text', () => {
    const evil = '<script>alert("x")</script>';
    const mail = renderMail(
      waitingAccountMail({ firstName: evil, preposition: null, lastName: "O'Neil", email: 'x@example.com' }, APP),
      company,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('O&#39;Neil');
    // The subject and the HTML title carry the name too: escaped in the title.
    expect(mail.html).toContain('<title>Nieuw account wacht op koppeling: &lt;script&gt;');
    expect(mail.text).toContain(`${evil} O'Neil <x@example.com>`);

    const malfunction = renderMail(all.malfunction, company);
    expect(malfunction.html).toContain('Bakkerij &lt;b&gt;Brood&lt;/b&gt;');
    expect(malfunction.html).toContain('Lekt &quot;olie&quot; &amp; piept');
    expect(malfunction.html).not.toContain('<b>Brood');
  });

  it('address the reader with "je", never "u" or "uw"', () => {
    for (const [name, mail] of Object.entries(all)) {
      const { subject, text } = renderMail(mail, company);
      expect(formalAddressIn(`${subject}\n${text}`), name).toBeNull();
    }
    expect(renderMail(all.resolved, company).text).toContain('Jouw melding:\nLekt "olie" & piept');
  });

  it('end no sentence with a double full stop when the company name ends in "B.V."', () => {
    for (const [name, mail] of Object.entries(all)) {
      const { subject, text } = renderMail(mail, company);
      expect(`${subject}\n${text}`, name).not.toMatch(/\.\./);
    }
  });

  it('keep the malfunction mails’ lines the office and the customer read', () => {
    const reported = renderMail(all.malfunction, company);
    expect(reported.subject).toBe('Nieuwe storing: Kantbank (Bakkerij <b>Brood</b>)');
    expect(reported.text).toContain(
      'Klant: Bakkerij <b>Brood</b>\nMachine: Kantbank (KB-7)\nPlaats: Hal 1, Werkplaats\nUrgentie: Machine werkt nog\nGemeld door: Jan Jansen\n',
    );
    expect(reported.text).not.toContain('Bereikbaar op');
    expect(reported.text).toContain(`${APP}/admin/malfunctions/7`);
    // Urgent: "SPOED: " first in the subject, the number to call back, the deadline in Dutch time.
    const urgent = renderMail(
      newMalfunctionMail(
        { ...facts, urgent: true, contactPhone: '+31 6 12345678', respondBy: '2027-03-31T14:00:00.000Z' },
        APP,
      ),
      company,
    );
    expect(urgent.subject).toBe('SPOED: Nieuwe storing: Kantbank (Bakkerij <b>Brood</b>)');
    expect(urgent.text).toContain('de machine staat stil');
    expect(urgent.text).toContain(
      'Urgentie: Machine staat stil\nGemeld door: Jan Jansen\nBereikbaar op: +31 6 12345678\nReactie vóór: 31-03-2027 16:00',
    );
    const resolved = renderMail(all.resolved, company);
    expect(resolved.text).toContain('De storing die je meldde aan Kantbank (KB-7) is opgelost.');
    expect(resolved.text).toContain('Toelichting:\nAfdichting vervangen');
    expect(resolved.text).toContain(`${APP}/malfunctions`);
  });
});
