import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MALFUNCTION_STATUSES, MALFUNCTION_TEXT, type MalfunctionStatus } from '@keurwijzer/shared/malfunctions';
import { UrgentChip } from './malfunction-markers';

/** The chip as the office's list, card and detail, the portal and "Mijn storingen" render it. */
const chipOf = (urgent: boolean, status: MalfunctionStatus) =>
  renderToStaticMarkup(createElement(UrgentChip, { malfunction: { urgent, status } }));

describe('"Spoed"', () => {
  it('shows for a machine that stands still while the malfunction is Open or In behandeling', () => {
    for (const status of ['open', 'in_progress'] as const) {
      const html = chipOf(true, status);
      expect(html, status).toContain(MALFUNCTION_TEXT.urgent);
      expect(html, status).toContain('data-urgent');
    }
  });

  it('is gone once the malfunction is resolved or withdrawn, and never shows for "Machine werkt nog"', () => {
    for (const status of ['resolved', 'withdrawn'] as const) expect(chipOf(true, status), status).toBe('');
    for (const status of MALFUNCTION_STATUSES) expect(chipOf(false, status), status).toBe('');
  });
});
