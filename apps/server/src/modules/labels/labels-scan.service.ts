import {
  LABEL_READS_PER_MINUTE,
  LABEL_TEXT,
  LABEL_TOKEN_PATTERN,
  PUBLIC_MALFUNCTIONS_PER_ADDRESS_PER_HOUR,
  PUBLIC_MALFUNCTIONS_PER_MACHINE_PER_HOUR,
  PublicMalfunctionInputSchema,
  type LabelTargetResult,
  type PublicLabel,
} from '@keurwijzer/shared/labels';
import { TEXT } from '@keurwijzer/shared/texts';
import type { Actor } from '../../lib/actor';
import { AppError, fieldError } from '../../lib/errors';
import type { ProcessedImage } from '../../lib/image-intake';
import type { FormFields } from '../../lib/multipart';
import {
  HOUR,
  MINUTE,
  codeReader,
  invalidCode,
  type AfterCommit,
  type CounterKey,
  type LabelsDeps,
  type PublicReportBody,
} from './labels-deps';
import { labelsPolicy } from './labels.policy';

/** The 422 of a form read outside Fastify's schema step, in the same shape (errors per field). */
function parseInput(fields: FormFields) {
  const result = PublicMalfunctionInputSchema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw new AppError(422, TEXT.validation, errors);
}

/** A scanned code: the public page and the anonymous report, and where a logged-in user goes. */
export function labelScans(deps: LabelsDeps) {
  const { repo, malfunctions, counters, intake, company } = deps;
  const machineOf = codeReader(deps);

  /** One more on a counter of the login throttle's table; true when it went past `max`. */
  async function over(key: CounterKey, windowMs: number, max: number): Promise<boolean> {
    return (await counters.increment(key, windowMs)) > max;
  }

  return {
    /** GET /api/public/labels/:token: only the name, inventory number and state. */
    async publicLabel(token: string, ip: string): Promise<PublicLabel> {
      if (!LABEL_TOKEN_PATTERN.test(token)) throw invalidCode();
      if (await over({ kind: 'pair', email: 'label-read:', client: ip }, MINUTE, LABEL_READS_PER_MINUTE)) {
        throw new AppError(429, LABEL_TEXT.throttledRead);
      }
      const machine = await machineOf(token);
      return {
        company_name: company.name,
        name: machine.name,
        inventory_number: machine.inventoryNumber,
        state: machine.dueState === 'none' ? 'unknown' : machine.dueState,
      };
    },

    /**
     * POST /api/public/labels/:token/malfunctions. `read` gives the body; it is called only after
     * the checks: the code (404), the address's reports of the hour (429), the machine's (429),
     * and for a body that can hold a photo one upload slot of the machine (429), so a refused
     * report's body is never read. Each check is one counter increment in the database (a
     * locked row), so parallel reports pass exactly up to the limit.
     */
    async reportMalfunction(
      token: string,
      ip: string,
      read: () => Promise<PublicReportBody>,
      mayHoldFiles: boolean,
    ): Promise<AfterCommit> {
      if (!LABEL_TOKEN_PATTERN.test(token)) throw invalidCode();
      if (
        await over({ kind: 'pair', email: 'label-report:', client: ip }, HOUR, PUBLIC_MALFUNCTIONS_PER_ADDRESS_PER_HOUR)
      ) {
        throw new AppError(429, LABEL_TEXT.throttledAddress);
      }
      const machine = await machineOf(token);
      if (machine.status === 'concept') throw invalidCode();
      if (
        await over(
          { kind: 'account', email: `label-report:machine:${machine.id}`, client: '' },
          HOUR,
          PUBLIC_MALFUNCTIONS_PER_MACHINE_PER_HOUR,
        )
      ) {
        throw new AppError(429, LABEL_TEXT.throttledMachine);
      }
      // Anonymous uploads take the slots of their machine (a key apart from the users' ids).
      const release = mayHoldFiles ? intake.slot(-machine.id) : () => {};
      const images: ProcessedImage[] = [];
      let input;
      try {
        const { fields, files } = await read();
        input = parseInput(fields);
        if (files.some((f) => f.fieldname !== 'photo') || files.length > 1) {
          throw fieldError('photo', LABEL_TEXT.onePhoto);
        }
        for (const file of files) images.push(await intake.decode(`malfunctions/${machine.id}`, file.data, 'photo'));
      } finally {
        release();
      }
      const { afterCommit } = await malfunctions.reportAnonymous({
        machine: { id: machine.id, customerId: machine.customerId },
        reporterName: input.name,
        reporterContact: input.contact,
        description: input.description,
        images,
      });
      return afterCommit;
    },

    /** GET /api/labels/:token: where a logged-in user goes; another customer's user gets the 404 of an unknown code. */
    async target(actor: Actor, token: string): Promise<LabelTargetResult> {
      const machine = await machineOf(token);
      const target = labelsPolicy.targetOf(actor, machine);
      if (!target) throw invalidCode();
      return {
        machine_id: machine.id,
        customer_id: machine.customerId,
        location_id: machine.locationId,
        target,
        open_report_id: target === 'mechanic' ? await repo.openReportOnListsOf(machine.id, actor.id) : null,
      };
    },
  };
}
