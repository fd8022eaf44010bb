/**
 * Malfunctions (storingen): a customer user reports a machine that breaks down; the office handles
 * it Open -> In behandeling -> Opgelost (and back to Open with a reason). Every change is kept
 * as an event of its timeline.
 *
 * Customer (permission 'own-machines.view'; the customer comes from the session, a machine or
 * malfunction of another customer answers 404, the same as a missing one):
 * - POST /api/machines/:id/malfunctions            multipart MalfunctionInput + up to 3 files `photos`
 *                                                  -> 201 OwnMalfunction, MALFUNCTION_TEXT.reported; 429 over the throttle
 * - GET  /api/own-malfunctions                     page of OwnMalfunction ("Mijn storingen"), query OwnMalfunctionListQuery
 * - GET  /api/own-malfunctions/:id/photos/:photoId/file   a photo (?thumb=1 for the thumbnail)
 * Office (permission 'malfunctions.view' to read, 'malfunctions.manage' to handle; admins):
 * - GET  /api/malfunctions                         page of Malfunction, query MalfunctionListQuery
 * - GET  /api/malfunctions/open-count              { data: { count } } (the navigation's badge)
 * - GET  /api/malfunctions/:id                     MalfunctionDetail
 * - PUT  /api/malfunctions/:id                     MalfunctionHandleInput -> MalfunctionDetail, MALFUNCTION_TEXT.updated
 * - GET  /api/malfunctions/:id/photos/:photoId/file
 * E-mails: every admin and super admin on a new malfunction; the reporting user when it becomes Opgelost.
 *
 * The service desk:
 * Customer:
 * - the report takes `urgency` ("Machine staat stil" / "Machine werkt nog") and `contact_phone`
 *   ("Bereikbaar op", prefilled from the profile)
 * - GET  /api/own-malfunctions/:id                 OwnMalfunctionDetail (with the customer's timeline)
 * - POST /api/own-malfunctions/:id/comments        multipart `comment` + at most 1 file `photo`
 *                                                  -> 201 OwnMalfunctionDetail, MALFUNCTION_TEXT.commented;
 *                                                  409 once resolved or withdrawn
 * - POST /api/own-malfunctions/:id/withdraw        MalfunctionWithdrawInput -> OwnMalfunctionDetail,
 *                                                  MALFUNCTION_TEXT.withdrawn; 409 once resolved or withdrawn
 * Office:
 * - GET  /api/malfunctions                         + sortKey respond_by / urgency, filters late, assigned_to
 * - GET  /api/malfunctions/open-count              { data: { count, late } }
 * - GET  /api/malfunctions/assignees               { data: MalfunctionAssignee[] } (active mechanics and admins)
 * - PUT  /api/malfunctions/:id                     + assigned_to (null: nobody); the assignee is mailed
 * - GET  /api/malfunctions/:id/plan-options        { data: MalfunctionPlanOption[] } (open task lists of the machine's location)
 * - POST /api/malfunctions/:id/plan                MalfunctionPlanInput -> MalfunctionDetail, MALFUNCTION_TEXT.planned
 * Mechanic (permission 'malfunctions.assigned'):
 * - GET  /api/assigned-malfunctions                page of Malfunction assigned to the user ("Mijn storingen")
 * - GET  /api/assigned-malfunctions/:id            MalfunctionDetail of one assigned to the user
 * Submitting the report a malfunction was planned on may resolve it (reports: SubmitInput
 * `resolve_malfunctions`); its customer then sees that report on the malfunction.
 * Every status change and every note for the customer is mailed to the reporter unless they
 * turned `malfunction_mails` off on their profile.
 */

export * from './malfunction-texts';
export * from './malfunction-records';
export * from './malfunction-inputs';
export * from './malfunction-lists';
