/*
 * Planning and compliance: the judgement of every answer, the verdict of a report,
 * measurements with limits, and when a machine must be inspected again. The words here are the
 * ones every screen, PDF, xlsx and e-mail uses; the server and the screens derive verdicts and
 * measurement judgements with the same functions, so what the mechanic sees before "Rapport
 * afronden" is what the server stores.
 */

export * from './judgements';
export * from './measurements';
export * from './due-states';
export * from './compliance-texts';
