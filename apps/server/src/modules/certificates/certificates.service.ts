import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import type { Company } from '../../config';
import type { Actor } from '../../lib/actor';
import { createKeyedLimit } from '../../lib/concurrency';
import { dueClock } from '../../lib/due-state';
import { AppError, notFound } from '../../lib/errors';
import type { Download } from '../../lib/stream-download';
import { certificatesPolicy } from './certificates.policy';
import { keuringsoverzichtFileName, writeKeuringsoverzichtPdf } from './keuringsoverzicht-pdf';
import type { KeuringsoverzichtRepository } from './keuringsoverzicht.repository';

type Deps = {
  repo: KeuringsoverzichtRepository;
  company: Company;
  /** Days before the due date a machine counts as "due soon" (config.dueSoonDays). */
  dueSoonDays: number;
  /** Exports one user may run at once in this process (default 2, as the other exports). */
  exportsPerUser?: number;
};

/**
 * The Keuringsoverzicht of a customer location as a PDF: for the office of any
 * customer, for a customer user of its own locations (certificates.policy.ts); 404 for a location
 * that is not the customer's. A user runs at most `exportsPerUser` exports at once (429 beyond);
 * the routes count it toward the user's exports per hour (`usage: 'export'`).
 */
export function createCertificatesService({ repo, company, dueSoonDays, exportsPerUser = 2 }: Deps) {
  const running = createKeyedLimit(exportsPerUser);
  return {
    async keuringsoverzicht(actor: Actor, locationId: number, askedCustomerId?: number): Promise<Download> {
      const customerId = certificatesPolicy.customerOf(actor, askedCustomerId);
      const location = await repo.location(customerId, locationId);
      if (!location) throw notFound();
      const release = running.tryAcquire(actor.id);
      if (!release) throw new AppError(429, LIMIT_TEXT.tooManyExports);
      const generatedAt = new Date();
      const clock = dueClock(dueSoonDays, generatedAt);
      return {
        contentType: 'application/pdf',
        fileName: keuringsoverzichtFileName(location, clock.today),
        write: (out) =>
          writeKeuringsoverzichtPdf(repo.machines(customerId, locationId, clock), out, {
            company,
            location,
            generatedAt,
            today: clock.today,
          }).finally(release),
      };
    },
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
