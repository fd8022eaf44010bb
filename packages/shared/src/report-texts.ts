/* A report's statuses and the Dutch texts of the report screens, the API and the PDF. */

export const REPORT_STATUSES = ['open', 'submitted'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  submitted: 'Ingediend',
};

/** The texts of the report screens (spec sections 4 and 8, product-decisions "Report"). */
export const REPORT_TEXT = {
  notAtLocation: 'Deze machine staat niet op de aangegeven plaats.',
  notAtLocationHint: 'Ga naar het machineoverzicht om de machine te verplaatsen.',
  answersSaved: 'Antwoorden opgeslagen',
  submitted: 'Rapport ingediend',
  noQuestions: 'Geen categorieën en vragen gevonden voor deze vragenlijst.',
  alreadySubmitted: 'Dit rapport is al ingediend en kan niet meer worden gewijzigd.',
  unanswered: 'Nog niet beantwoord',
  skipConfirm: 'Weet je zeker dat je deze categorie wilt overslaan?',
  submitConfirm: 'Weet je zeker dat je dit rapport wilt afronden? Daarna kan het niet meer worden gewijzigd.',
  invalidOption: 'Kies een van de antwoorden van deze vraag',
  invalidAnsweredAt: 'Ongeldig tijdstip',
  invalidSubmission: 'Ongeldige indiening: rond het rapport opnieuw af',
  categorySkipped: 'Categorie overgeslagen',
  categoryRestored: 'Categorie teruggezet',
  questionMissing: 'Deze vraag hoort niet bij dit rapport.',
  categoryMissing: 'Deze categorie hoort niet bij dit rapport.',
  skippedCategory: 'Overgeslagen',
  optionOfMeasurement: 'Vul bij een meting een waarde in, geen antwoord',
  valueOfChoice: 'Deze vraag heeft geen meetwaarde',
  verdictDerived: 'Oordeel volgens de antwoorden',
  verdictOverridden: 'Gewijzigd oordeel',
  verdictKeep: 'Oordeel volgens de antwoorden houden',
} as const;

/**
 * Why a report cannot be submitted yet, with how many questions are open: "Nog 11 vragen open",
 * "Nog 1 vraag open" (the server's 422 and the screen's own check say the same).
 */
export const openQuestionsText = (open: number) => `Nog ${open} ${open === 1 ? 'vraag' : 'vragen'} open`;

/** The error key of a missing answer in the 422 of a submit: `question_<report question id>`. */
export const missingAnswerKey = (questionId: number) => `question_${questionId}`;
