import { randomBytes } from 'node:crypto';
import { dutchToday } from '@keurwijzer/shared/format';
import {
  LABEL_READS_PER_MINUTE,
  LABEL_TEXT,
  LABEL_TOKEN_BYTES,
  LABEL_TOKEN_PATTERN,
  PUBLIC_MALFUNCTIONS_PER_ADDRESS_PER_HOUR,
  PUBLIC_MALFUNCTIONS_PER_MACHINE_PER_HOUR,
  PublicMalfunctionInputSchema,
  labelUrl,
  type LabelLayout,
  type LabelTargetResult,
  type PublicLabel,
} from '@keurwijzer/shared/labels';
import { planRefusal } from '@keurwijzer/shared/tasklists';
import { LIMIT_TEXT, TEXT } from '@keurwijzer/shared/texts';
import type { Company } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { createKeyedLimit } from '../../lib/concurrency';
import { dueClock } from '../../lib/due-state';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors';
import type { ImageIntake, ProcessedImage } from '../../lib/image-intake';
import type { FormFields, UploadedFile } from '../../lib/multipart';
import type { SecretBox } from '../../lib/secret-box';
import type { Download } from '../../lib/stream-download';
import { sha256 } from '../../lib/tokens';
import type { TasklistsRepository } from '../module-types';
import { writeLabelsPdf, type PrintedLabel } from './labels-pdf';
import { labelsPolicy } from './labels.policy';
import type { LabelMachine, LabelPrintRow, LabelsRepository } from './labels.repository';

/** The body of an anonymous report, read only after the checks (code, throttles, upload slot). */
export type PublicReportBody = { fields: FormFields; files: UploadedFile[] };

/** Work after the answer (the office's mail); the route runs it without waiting. */
export type AfterCommit = () => Promise<void>;

/** One counter of the login throttle's table: `client` is the address ('pair') or '' ('account'). */
type CounterKey = { kind: 'pair' | 'account'; email: string; client: string };

/** The login throttle's counters (auth's login-attempts repository): one statement per count. */
export type LabelCounters = { increment(key: CounterKey, windowMs: number): Promise<number> };

/**
 * What planning a scanned machine needs of the task lists (the composition root passes the task
 * lists' repository): a new list, and the plan path's own checks and plan statement.
 */
export type LabelTasklists = Pick<TasklistsRepository, 'insert' | 'row' | 'planChecks' | 'plan'>;

/** What an anonymous report needs of the malfunctions module (its service's `reportAnonymous`). */
export type LabelMalfunctions = {
  reportAnonymous(values: {
    machine: { id: number; customerId: number };
    reporterName: string;
    reporterContact: string;
    description: string;
    images: ProcessedImage[];
  }): Promise<{ id: number; afterCommit: AfterCommit }>;
};

type Deps = {
  db: Db;
  repo: LabelsRepository;
  /** Task lists: today's list is made and the machine planned by the lists' own statements. */
  tasklists: LabelTasklists;
  /** Malfunctions: an anonymous report is stored and mailed to the office by that module. */
  malfunctions: LabelMalfunctions;
  counters: LabelCounters;
  /** The one image intake (the report's photo). */
  intake: ImageIntake;
  /** Seals the codes for reprinting (lib/secret-box.ts). */
  box: SecretBox;
  appUrl: string;
  company: Company;
  dueSoonDays: number;
  /** Label PDFs one user may make at once in this process (default 2, as the other exports). */
  exportsPerUser?: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A new label code: 128 random bits, base64url (22 characters). */
export const newLabelToken = (): string => randomBytes(LABEL_TOKEN_BYTES).toString('base64url');

const sealContext = (machineId: number) => `label:machine:${machineId}`;

const invalidCode = () => notFound(LABEL_TEXT.invalidCode);

/** A file name of safe characters only (Content-Disposition). */
const slug = (s: string, fallback: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || fallback;

/** The 422 of a form read outside Fastify's schema step, in the same shape (errors per field). */
function parseInput(fields: FormFields) {
  const result = PublicMalfunctionInputSchema.safeParse(fields);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw new AppError(422, TEXT.validation, errors);
}

/**
 * QR labels. Every machine has one code (newLabelToken), made when its label is
 * first printed and printed again on every reprint; "Nieuwe code" replaces it, so every sticker
 * printed before stops working. A scanned code opens: for anyone, the public page (name,
 * inventory number, state; throttled per address) and the anonymous "Storing melden" (throttled
 * per address and per machine, in the database); for a logged-in user, where to go (office,
 * mechanic with the open report on one of their lists, or the customer's machine screen).
 */
export function createLabelsService(deps: Deps) {
  const { db, repo, tasklists, malfunctions, counters, intake, box, appUrl, company, dueSoonDays } = deps;
  const running = createKeyedLimit(deps.exportsPerUser ?? 2);
  const clock = () => dueClock(dueSoonDays);

  /** The machine of a scanned code; 404 "Deze code is niet (meer) geldig." for anything else. */
  async function machineOf(token: string): Promise<LabelMachine> {
    if (!LABEL_TOKEN_PATTERN.test(token)) throw invalidCode();
    const machine = await repo.machineByHash(sha256(token), clock());
    if (!machine) throw invalidCode();
    return machine;
  }

  /** One more on a counter of the login throttle's table; true when it went past `max`. */
  async function over(key: CounterKey, windowMs: number, max: number): Promise<boolean> {
    return (await counters.increment(key, windowMs)) > max;
  }

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

    /**
     * POST /api/labels/:token/plan: the machine on the user's task list of today at its location
     * (one of a type the machine has a questionnaire for; made when there is none), by the task
     * lists' own plan statement. 409 when the machine already has an open report on any list,
     * or is on today's list already; 422 when it cannot be planned (inactive, no questionnaire).
     * One plan of a machine at a time (an advisory lock), so two scans at once plan it once.
     */
    async plan(actor: Actor, token: string): Promise<{ report_id: number }> {
      labelsPolicy.assertPlan(actor);
      const machine = await machineOf(token);
      return db.transaction(async (tx) => {
        await repo.lockMachine(machine.id, tx);
        if (await repo.plannedOpen(machine.id, tx)) throw conflict(LABEL_TEXT.alreadyPlanned);
        const types = await repo.questionnaireTypes(machine.id, tx);
        const today = dutchToday();
        let listId = await repo.listOfDay(
          { userId: actor.id, customerId: machine.customerId, locationId: machine.locationId, day: today, types },
          tx,
        );
        if (listId === undefined) {
          const type = types[0];
          if (!type) {
            const reason = planRefusal({
              at_location: true,
              archived: false,
              status: machine.status,
              questionnaire_id: null,
              questions: 0,
            });
            throw new AppError(422, reason ?? TEXT.validation, { machine: [reason ?? TEXT.validation] });
          }
          listId = await tasklists.insert(
            {
              customerId: machine.customerId,
              locationId: machine.locationId,
              inspectionType: type,
              plannedDate: today,
              createdBy: actor.id,
            },
            tx,
          );
        }
        const row = await tasklists.row(listId, tx, 'no key update');
        if (!row) throw notFound();
        const [check] = await tasklists.planChecks(row, [machine.id], tx);
        if (check?.planned) throw conflict(LABEL_TEXT.alreadyOnList);
        const reason = check ? planRefusal(check) : TEXT.notFound;
        if (reason) throw new AppError(422, reason, { machine: [reason] });
        await tasklists.plan(row, [machine.id], tx);
        const reportId = await repo.reportOn(listId, machine.id, tx);
        if (reportId === undefined) throw notFound();
        return { report_id: reportId };
      });
    },

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

export type LabelsService = ReturnType<typeof createLabelsService>;
