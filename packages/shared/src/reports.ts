/**
 * A report: one machine on one task list, filled in from a copy of the machine's questionnaire of
 * the list's type. Open while it is being filled in; submitted ("Rapport afronden") it is
 * read-only and counts as completed.
 *
 * The endpoints (permissions from ACCESS in permissions.ts):
 * - GET  /api/reports/:id                                  ReportDetail (tasklists.view)
 * - PUT  /api/reports/:id/answers/:questionId              AnswerInput -> ReportAnswerState (tasklists.manage)
 * - PUT  /api/reports/:id/categories/:categoryId           SkipInput -> ReportCategoryState (tasklists.manage)
 * - PUT  /api/reports/:id                                  ReportSaveInput -> ReportDetail, "Antwoorden opgeslagen"
 * - POST /api/reports/:id/submit                           SubmitInput (may be empty) -> ReportDetail, "Rapport
 *                                                          ingediend"; 422 lists the missing questions as
 *                                                          errors["question_<id>"], or errors.verdict_reason when
 *                                                          the verdict is overridden without a reason
 * - GET  /api/reports/:id/pdf                              the report as PDF (tasklists.view)
 * - GET  /api/reports/:id/image                            the machine's first image (thumbnail) for the report screen
 * - GET  /api/completed-reports                            page of CompletedReport (reports.view)
 * - GET  /api/completed-reports/export                     xlsx of the filtered list (reports.view)
 * - GET  /api/customers/:id/machines/:machineId/reports    MachineReport[] newest first (customers.view)
 * - GET  /api/customers/:id/machines/:machineId/latest-reports  LatestReports (customers.view)
 * Every change of an open report answers 409 (REPORT_TEXT.alreadySubmitted) once it is submitted.
 */

export * from './report-texts';
export * from './report-detail';
export * from './report-inputs';
export * from './report-signatures';
export * from './report-lists';
