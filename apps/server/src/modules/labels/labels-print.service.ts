import { LABEL_TEXT, labelUrl, type LabelLayout } from '@keurwijzer/shared/labels';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import type { Actor } from '../../lib/actor';
import { createKeyedLimit } from '../../lib/concurrency';
import { AppError, notFound } from '../../lib/errors';
import { fileNameSlug as slug } from '../../lib/file-name';
import type { Download } from '../../lib/stream-download';
import { sha256 } from '../../lib/tokens';
import { newLabelToken, sealContext, type LabelsDeps } from './labels-deps';
import { writeLabelsPdf, type PrintedLabel } from './labels-pdf';
import { labelsPolicy } from './labels.policy';
import type { LabelPrintRow } from './labels.repository';

/** Printing labels (their codes made on first print) and "Nieuwe code". */
export function labelPrints(deps: LabelsDeps) {
  const { repo, box, appUrl, company } = deps;
  const running = createKeyedLimit(deps.exportsPerUser ?? 2);

  /** The label URLs of the machines, making the codes of those that have none (one statement). */
  async function urlsOf(actor: Actor, machines: LabelPrintRow[]): Promise<PrintedLabel[]> {
    const tokens = new Map<number, string>();
    const missing: { machineId: number; hash: string; sealed: string }[] = [];
    const offered = new Map<number, string>();
    for (const m of machines) {
      const opened = m.tokenSealed ? box.open(m.tokenSealed, sealContext(m.id)) : null;
      if (opened) {
        tokens.set(m.id, opened);
        continue;
      }
      if (m.tokenSealed) {
        // Sealed with another key (SECRET_BOX_KEY changed): the code cannot be printed again, so
        // the machine gets a new one (its old stickers stop working).
        const token = newLabelToken();
        await repo.replaceCode(m.id, sha256(token), box.seal(token, sealContext(m.id)), actor.id);
        tokens.set(m.id, token);
        continue;
      }
      const token = newLabelToken();
      offered.set(m.id, token);
      missing.push({ machineId: m.id, hash: sha256(token), sealed: box.seal(token, sealContext(m.id)) });
    }
    const stored = await repo.ensureCodes(missing, actor.id);
    for (const [machineId, sealed] of stored) {
      // Ours, or the one a print at the same moment stored first.
      const token = box.open(sealed, sealContext(machineId)) ?? offered.get(machineId);
      if (token) tokens.set(machineId, token);
    }
    return machines.map((m) => ({
      name: m.name,
      inventoryNumber: m.inventoryNumber,
      url: labelUrl(appUrl, tokens.get(m.id)!),
      lastDate: m.lastDate,
      nextDue: m.nextDue,
    }));
  }

  function download(actor: Actor, labels: PrintedLabel[], layout: LabelLayout, name: string, title: string): Download {
    const release = running.tryAcquire(actor.id);
    if (!release) throw new AppError(429, LIMIT_TEXT.tooManyExports);
    return {
      contentType: 'application/pdf',
      fileName: `${name}-${layout}.pdf`,
      write: (out) => writeLabelsPdf(labels, out, { layout, company: company.name, title }).finally(release),
    };
  }

  return {
    /** The label sheet of a location: every active machine of it. */
    async locationLabels(actor: Actor, customerId: number, locationId: number, layout: LabelLayout): Promise<Download> {
      labelsPolicy.assertPrint(actor);
      const location = await repo.location(customerId, locationId);
      if (!location) throw notFound();
      const labels = await urlsOf(actor, await repo.locationMachines(customerId, locationId));
      return download(
        actor,
        labels,
        layout,
        `labels-${slug(location.customerName, 'klant')}-${slug(location.name, 'locatie')}`,
        `${LABEL_TEXT.labels} ${location.customerName} ${location.name}`,
      );
    },

    /** The label of one machine of the customer (not archived). */
    async machineLabel(actor: Actor, customerId: number, machineId: number, layout: LabelLayout): Promise<Download> {
      labelsPolicy.assertPrint(actor);
      const machine = await repo.machine(customerId, machineId);
      if (!machine) throw notFound();
      const labels = await urlsOf(actor, [machine]);
      return download(
        actor,
        labels,
        layout,
        `label-${slug(machine.inventoryNumber, String(machine.id))}`,
        `${LABEL_TEXT.label} ${machine.name}`,
      );
    },

    /** "Nieuwe code": the machine gets a new code; every label printed before stops working. */
    async renew(actor: Actor, customerId: number, machineId: number): Promise<void> {
      labelsPolicy.assertRenew(actor);
      const machine = await repo.machine(customerId, machineId);
      if (!machine) throw notFound();
      const token = newLabelToken();
      await repo.replaceCode(machineId, sha256(token), box.seal(token, sealContext(machineId)), actor.id);
    },
  };
}
