import { z } from 'zod';
import { DUE_STATES, DUE_TYPES, VERDICTS, type DueFilter } from './compliance';
import { MAX_ITEMS_PER_PAGE } from './api';
import { MSG, idField, searchField } from './validation';

/*
 * The overviews (module apps/server/src/modules/overview):
 * - GET /api/overview           (reports.view)       Overview: the office home.
 * - GET /api/due                (customers.view)     page of DueRow ("Keuringsplanning"), query DueListQuery.
 * - GET /api/machines/summary   (own-machines.view)  OwnSummary: the customer's compliance summary.
 *
 * Counting: the home and the customer summary count MACHINES, each once, in its worst state over
 * its due types (Afgekeurd before Verlopen before Binnenkort/In orde: machines.due_rejected and
 * machines.next_due_date, kept by refresh_machine_due). So a machine that is afgekeurd for one type
 * and overdue for another counts as afgekeurd only, and a machine overdue for two types counts once.
 * The Keuringsplanning lists ROWS: one per machine and due type, each with the state of that type.
 */

/** The window of the home's "Binnen 4 weken" card, in days (not the configurable due-soon window). */
export const OVERVIEW_WINDOW_DAYS = 28;
/** How many customers the home lists under Verlopen (the most overdue machines first). */
export const OVERVIEW_TOP_CUSTOMERS = 10;
/** How many overdue/afgekeurd machines the customer summary lists. */
export const SUMMARY_ATTENTION_LIMIT = 10;
/** The longest due_within_days filter. */
export const MAX_DUE_WITHIN_DAYS = 366;

export const OverviewCustomerSchema = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  /** Machines of the customer whose worst state is Verlopen. */
  count: z.number().int(),
});
export type OverviewCustomer = z.infer<typeof OverviewCustomerSchema>;

/** GET /api/overview: the office home. All counts are machines in use (each once, worst state). */
export const OverviewSchema = z.object({
  /** The Dutch day the states were computed against ("YYYY-MM-DD"). */
  today: z.string(),
  /** Machines whose worst state is Verlopen (due date today or passed, none of its types afgekeurd). */
  overdue: z.number().int(),
  /** Customers with at least one such machine. */
  overdue_customer_count: z.number().int(),
  /** The OVERVIEW_TOP_CUSTOMERS customers with the most overdue machines (most first, then id). */
  overdue_per_customer: z.array(OverviewCustomerSchema),
  /** Machines not afgekeurd whose earliest due date falls in the coming 28 days (after today). */
  due_within_window: z.number().int(),
  /** Machines with an afgekeurd due type. */
  rejected: z.number().int(),
  /** Follow-ups ("Acties") with status open. */
  open_followups: z.number().int(),
  /** Malfunctions Open or In behandeling (the sum of the two below). */
  open_malfunctions: z.number().int(),
  /** Malfunctions Open (the list's status filter "open"). */
  malfunctions_open: z.number().int(),
  /** Malfunctions In behandeling (status filter "in_progress"). */
  malfunctions_in_progress: z.number().int(),
});
export type Overview = z.infer<typeof OverviewSchema>;

/** The states the Keuringsplanning filters on ('none' has no row in machine_due). */
export const DUE_FILTER_STATES = [
  'overdue',
  'due_soon',
  'rejected',
  'up_to_date',
] as const satisfies readonly (typeof DUE_STATES)[number][];
export type DueFilterState = (typeof DUE_FILTER_STATES)[number];

/** One machine x due type of the Keuringsplanning. */
export const DueRowSchema = z.object({
  machine_id: z.number().int(),
  machine_name: z.string(),
  inventory_number: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  inspection_type: z.enum(DUE_TYPES),
  interval_months: z.number().int(),
  last_report_id: z.number().int().nullable(),
  /** The Dutch day of the last submitted report of the type; null: never inspected. */
  last_date: z.string().nullable(),
  last_verdict: z.enum(VERDICTS).nullable(),
  /** "Volgende keuring vóór". */
  due_date: z.string(),
  state: z.enum(DUE_STATES),
});
export type DueRow = z.infer<typeof DueRowSchema>;

const positiveInt = (max: number) =>
  z.coerce
    .number({ error: MSG.invalidNumber })
    .int({ error: MSG.invalidNumber })
    .min(1, { error: MSG.invalidNumber })
    .max(max, { error: MSG.invalidNumber });

/**
 * GET /api/due: sorted by due date, then machine id, then type (fixed: a planning list); paged
 * like the other lists (page, itemsPerPage). due_within_days = N: not afgekeurd and due after
 * today and at most N days from today ("the coming 4 weeks" = 28). Filters combine with AND;
 * sortKey/sortOrder are not read (the order is fixed).
 */
export const DueListQuerySchema = z.object({
  /** Part of the machine's name or inventory number, or of the customer's name. */
  search: searchField(),
  page: positiveInt(1_000_000).default(1),
  itemsPerPage: positiveInt(MAX_ITEMS_PER_PAGE).default(25),
  state: z.enum(DUE_FILTER_STATES, { error: MSG.invalidChoice }).optional(),
  customer_id: idField().optional(),
  location_id: idField().optional(),
  inspection_type: z.enum(DUE_TYPES, { error: MSG.invalidChoice }).optional(),
  due_within_days: positiveInt(MAX_DUE_WITHIN_DAYS).optional(),
});
export type DueListQuery = z.output<typeof DueListQuerySchema>;
export const DUE_FILTER_KEYS = ['state', 'customer_id', 'location_id', 'inspection_type', 'due_within_days'] as const;

/**
 * A location of the customer summary: every machine the customer sees there (its "Mijn machines",
 * not archived, not concept), each once in its state. machines = in_order + overdue + rejected +
 * no_interval, and each number is the total of the list `summaryListQuery` gives.
 */
export const SummaryLocationSchema = z.object({
  location_id: z.number().int(),
  location_name: z.string(),
  /** Every machine the customer sees at the location. */
  machines: z.number().int(),
  /** In orde or Binnenkort (the summary counts Binnenkort as in order). */
  in_order: z.number().int(),
  overdue: z.number().int(),
  rejected: z.number().int(),
  /** Without a due state: no interval applies, or the machine is Niet actief. */
  no_interval: z.number().int(),
});
export type SummaryLocation = z.infer<typeof SummaryLocationSchema>;

/** The numbers of a summary location, each of which opens "Mijn machines" filtered to what it counts. */
export const SUMMARY_COUNTS = ['machines', 'in_order', 'overdue', 'rejected', 'no_interval'] as const;
export type SummaryCount = (typeof SUMMARY_COUNTS)[number];
/** The due-state filter of "Mijn machines" each number counts (`machines`: all of the location). */
export const SUMMARY_COUNT_FILTERS: Record<SummaryCount, DueFilter | undefined> = {
  machines: undefined,
  in_order: 'in_order',
  overdue: 'overdue',
  rejected: 'rejected',
  no_interval: 'none',
};

/**
 * The query of GET /api/machines ("Mijn machines", its URL) that lists what a summary number
 * counts: at one location, or of the whole customer without `locationId`. The screen's links and
 * the server's counts both follow it.
 */
export function summaryListQuery(
  count: SummaryCount,
  locationId?: number,
): { location_id?: number; due_state?: DueFilter } {
  const due = SUMMARY_COUNT_FILTERS[count];
  return { ...(locationId !== undefined && { location_id: locationId }), ...(due && { due_state: due }) };
}

/** An overdue or afgekeurd machine of the customer summary. */
export const SummaryMachineSchema = z.object({
  machine_id: z.number().int(),
  machine_name: z.string(),
  inventory_number: z.string(),
  location_name: z.string(),
  state: z.enum(['rejected', 'overdue']),
  /** The machine's earliest due date. */
  due_date: z.string().nullable(),
});
export type SummaryMachine = z.infer<typeof SummaryMachineSchema>;

/** GET /api/machines/summary: the session's customer only. */
export const OwnSummarySchema = z.object({
  today: z.string(),
  locations: z.array(SummaryLocationSchema),
  /** Afgekeurd first, then overdue by due date; at most SUMMARY_ATTENTION_LIMIT. */
  attention: z.array(SummaryMachineSchema),
  /** All overdue + afgekeurd machines of the customer (attention may hold fewer). */
  attention_total: z.number().int(),
  /** The customer's malfunctions Open or In behandeling. */
  open_malfunctions: z.number().int(),
});
export type OwnSummary = z.infer<typeof OwnSummarySchema>;

export const OVERVIEW_TEXT = {
  title: 'Overzicht',
  overdue: 'Verlopen',
  dueWithin: 'Binnen 4 weken',
  rejected: 'Afgekeurd',
  openFollowups: 'Open acties',
  openMalfunctions: 'Open storingen',
  noOverdue: 'Geen verlopen machines. Alles is op tijd gekeurd.',
  moreCustomers: (n: number) => `en nog ${n} ${n === 1 ? 'klant' : 'klanten'}`,
  machines: (n: number) => `${n} ${n === 1 ? 'machine' : 'machines'}`,
  dueTitle: 'Keuringsplanning',
  dueEmpty: 'Geen machines gevonden met deze filters.',
  dueWithinDays: (n: number) => `Binnen ${n} dagen`,
  summaryTitle: 'Keuringsstatus',
  inOrder: (n: number, of: number) => `${n} van ${of} machines in orde`,
  attention: 'Verlopen en afgekeurd',
  summaryEmpty: 'Er zijn nog geen machines.',
  noInterval: (n: number) => `${n} geen interval`,
  allInOrder: 'Alle machines zijn op tijd gekeurd.',
  moreAttention: (n: number) => `en nog ${n} ${n === 1 ? 'machine' : 'machines'}`,
  allOverdue: (n: number) => `Alle verlopen machines (${n})`,
  allRejected: (n: number) => `Alle afgekeurde machines (${n})`,
} as const;
