/* A malfunction's statuses and urgencies, the rules that read them, its limits and its Dutch texts. */

export const MALFUNCTION_STATUSES = ['open', 'in_progress', 'resolved', 'withdrawn'] as const;
export type MalfunctionStatus = (typeof MALFUNCTION_STATUSES)[number];
export const MALFUNCTION_STATUS_LABELS: Record<MalfunctionStatus, string> = {
  open: 'Open',
  in_progress: 'In behandeling',
  resolved: 'Opgelost',
  withdrawn: 'Ingetrokken',
};
/** Still to be handled: Open and In behandeling (the counts, the markers, the deadline). */
export const ACTIVE_MALFUNCTION_STATUSES = ['open', 'in_progress'] as const satisfies readonly MalfunctionStatus[];
/** Whether a malfunction of `status` is still to be handled (Open, In behandeling). */
export const isActiveMalfunction = (status: MalfunctionStatus): boolean =>
  (ACTIVE_MALFUNCTION_STATUSES as readonly MalfunctionStatus[]).includes(status);
/**
 * Whether "Spoed" shows: the customer said the machine stands still and the malfunction is still
 * to be handled; once Opgelost or Ingetrokken there is no hurry left (the urgency stays a fact).
 */
export const showsUrgent = (m: { urgent: boolean; status: MalfunctionStatus }): boolean =>
  m.urgent && isActiveMalfunction(m.status);

/** The customer's urgency. */
export const MALFUNCTION_URGENCIES = ['urgent', 'normal'] as const;
export type MalfunctionUrgency = (typeof MALFUNCTION_URGENCIES)[number];
export const MALFUNCTION_URGENCY_LABELS: Record<MalfunctionUrgency, string> = {
  urgent: 'Machine staat stil',
  normal: 'Machine werkt nog',
};

/**
 * The response promise: the office responds within this many working days (weekends and Dutch
 * public holidays skipped). A report at or after the cut-off time (server setting
 * MALFUNCTION_CUTOFF, default 16:00, Europe/Amsterdam) counts from the next working day.
 */
export const RESPONSE_WORKING_DAYS = 1;
/** Photos a customer may add to a malfunction with comments, on top of the report's. */
export const MAX_COMMENT_PHOTOS = 10;
/** Comments per user per hour; more answer 429 (MALFUNCTION_TEXT.commentThrottled). */
export const MALFUNCTION_COMMENTS_PER_HOUR = 30;

/** Photos per malfunction; each checked as the machine images are (content, size, re-encoded). */
export const MAX_MALFUNCTION_PHOTOS = 3;
/** Malfunction reports per user per hour; more answer 429. */
export const MALFUNCTIONS_PER_HOUR = 20;
export const MAX_DESCRIPTION = 2000;

export const MALFUNCTION_TEXT = {
  reported: 'Storing gemeld',
  contact: 'Er wordt meestal binnen 1 werkdag contact met je opgenomen.',
  report: 'Storing melden',
  mine: 'Mijn storingen',
  updated: 'Storing is gewijzigd',
  throttled:
    'Je hebt het afgelopen uur al veel storingen gemeld. Probeer het later opnieuw of neem telefonisch contact op.',
  tooManyPhotos: `Maximaal ${MAX_MALFUNCTION_PHOTOS} foto's`,
  reasonRequired: 'Geef een reden op om de storing te heropenen',
  invalidTransition: 'Deze statuswijziging is niet mogelijk',
  machineOpenMalfunction: 'Open storing',
  urgency: 'Hoe erg is het?',
  urgent: 'Spoed',
  contactPhone: 'Bereikbaar op',
  respondBy: 'Reactie vóór',
  late: 'Reactie te laat',
  assignedTo: 'Toegewezen aan',
  nobody: 'Niemand',
  mineForMechanic: 'Mijn storingen',
  plan: 'Inplannen',
  planned: 'Machine is ingepland',
  newTasklist: 'Nieuwe takenlijst',
  comment: 'Reactie toevoegen',
  commented: 'Reactie toegevoegd',
  commentRequired: 'Schrijf een reactie of voeg een foto toe',
  commentOnePhoto: 'Maximaal 1 foto per reactie',
  withdraw: 'Storing intrekken',
  withdrawn: 'Storing ingetrokken',
  withdrawReasonRequired: 'Geef een reden op om de storing in te trekken',
  closed: 'Deze storing is al afgehandeld',
  /** 409 for the office's change of one the customer withdrew (a moment earlier, perhaps). */
  withdrawnByCustomer: 'De klant heeft deze storing ingetrokken.',
  commentThrottled:
    'Je hebt het afgelopen uur al veel reacties gegeven. Probeer het later opnieuw of neem telefonisch contact op.',
  tooManyCommentPhotos: `Maximaal ${MAX_COMMENT_PHOTOS} foto's bij reacties`,
  notAssignable: 'Deze gebruiker kan geen storingen behandelen',
  reportLink: 'Rapport',
  resolveWithReport: 'Storing op Opgelost zetten',
  /** Planning (H2): a list of another location or a finished one, a second plan. */
  tasklistNotOpen: 'Kies een open takenlijst van de locatie van deze machine',
  alreadyPlanned: 'Deze storing is al ingepland',
  plannedReportDone: 'Het rapport van deze machine op die takenlijst is al ingediend',
  notLinkedToReport: 'Deze storing hoort niet bij dit rapport',
} as const;

/**
 * Which status may follow which in the office's handling; back to Open needs a reason.
 * Ingetrokken is the customer's (POST .../withdraw) and final.
 */
export const MALFUNCTION_TRANSITIONS: Record<MalfunctionStatus, readonly MalfunctionStatus[]> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['open', 'resolved'],
  resolved: ['open'],
  withdrawn: [],
};
