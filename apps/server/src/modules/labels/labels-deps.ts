import { randomBytes } from 'node:crypto';
import { LABEL_TEXT, LABEL_TOKEN_BYTES, LABEL_TOKEN_PATTERN } from '@keurwijzer/shared/labels';
import type { Company } from '../../config';
import type { Db } from '../../db/client';
import { dueClock } from '../../lib/due-state';
import { notFound } from '../../lib/errors';
import type { ImageIntake, ProcessedImage } from '../../lib/image-intake';
import type { FormFields, UploadedFile } from '../../lib/multipart';
import type { SecretBox } from '../../lib/secret-box';
import { sha256 } from '../../lib/tokens';
import type { TasklistsRepository } from '../module-types';
import type { LabelMachine, LabelsRepository } from './labels.repository';

// What the labels service's parts share: their dependencies, the codes, and reading a scanned code.

/** The body of an anonymous report, read only after the checks (code, throttles, upload slot). */
export type PublicReportBody = { fields: FormFields; files: UploadedFile[] };

/** Work after the answer (the office's mail); the route runs it without waiting. */
export type AfterCommit = () => Promise<void>;

/** One counter of the login throttle's table: `client` is the address ('pair') or '' ('account'). */
export type CounterKey = { kind: 'pair' | 'account'; email: string; client: string };

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

export type LabelsDeps = {
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

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** A new label code: 128 random bits, base64url (22 characters). */
export const newLabelToken = (): string => randomBytes(LABEL_TOKEN_BYTES).toString('base64url');

export const sealContext = (machineId: number) => `label:machine:${machineId}`;

export const invalidCode = () => notFound(LABEL_TEXT.invalidCode);

/** Reads a scanned code into its machine. */
export function codeReader({ repo, dueSoonDays }: Pick<LabelsDeps, 'repo' | 'dueSoonDays'>) {
  const clock = () => dueClock(dueSoonDays);
  /** The machine of a scanned code; 404 "Deze code is niet (meer) geldig." for anything else. */
  async function machineOf(token: string): Promise<LabelMachine> {
    if (!LABEL_TOKEN_PATTERN.test(token)) throw invalidCode();
    const machine = await repo.machineByHash(sha256(token), clock());
    if (!machine) throw invalidCode();
    return machine;
  }

  return machineOf;
}
