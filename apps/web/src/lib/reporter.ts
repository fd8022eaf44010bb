import { LABEL_TEXT } from '@keurwijzer/shared/labels';
import type { Malfunction } from '@keurwijzer/shared/malfunctions';

/**
 * Who reported a malfunction, for the office's screens: the user, or for a report made through a
 * QR label without an account "Anoniem gemeld via QR-label: <naam>, <contact>". Null: nobody known.
 */
export function reporterOf(
  m: Pick<Malfunction, 'reported_by_name' | 'anonymous' | 'reporter_name' | 'reporter_contact'>,
): string | null {
  if (m.anonymous) return LABEL_TEXT.anonymousReporter(m.reporter_name ?? '-', m.reporter_contact ?? '-');
  return m.reported_by_name;
}
