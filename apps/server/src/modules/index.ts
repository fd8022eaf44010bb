import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { respondByOf } from '../lib/working-days';
import type { MailQueue } from '../lib/mail-queue';
import { createOfficeMail } from '../lib/office-mail';
import { createImageIntake, type ImageDecoder } from '../lib/image-intake';
import { createSecretBox } from '../lib/secret-box';
import type { Storage } from '../lib/storage';
import { createAccountRepository } from './account/account.repository';
import { accountRoutes } from './account/account.routes';
import { createAccountService } from './account/account.service';
import { passwordRoutes } from './account/password.routes';
import { createPasswordService } from './account/password.service';
import { authRoutes } from './auth/auth.routes';
import { createAuthService } from './auth/auth.service';
import { createDeviceCookies } from './auth/device-cookie';
import { createLoginAttemptsRepository } from './auth/login-attempts.repository';
import { createLoginThrottle } from './auth/login-throttle';
import { createSessionStore } from './auth/session-store';
import { createSessionsRepository } from './auth/sessions.repository';
import { createBrandsRepository } from './brands/brands.repository';
import { brandsRoutes } from './brands/brands.routes';
import { createBrandsService } from './brands/brands.service';
import { certificatesRoutes } from './certificates/certificates.routes';
import { createCertificatesService } from './certificates/certificates.service';
import { createKeuringsoverzichtRepository } from './certificates/keuringsoverzicht.repository';
import { createCategoriesRepository } from './categories/categories.repository';
import { categoriesRoutes } from './categories/categories.routes';
import { createCategoriesService } from './categories/categories.service';
import { createApiTokensRepository } from './api-tokens/api-tokens.repository';
import { apiTokensRoutes } from './api-tokens/api-tokens.routes';
import { createApiTokensService } from './api-tokens/api-tokens.service';
import { createAuditRepository } from './audit/audit.repository';
import { auditRoutes } from './audit/audit.routes';
import { createAuditService } from './audit/audit.service';
import { createCompletedReportsRepository } from './completed-reports/completed-reports.repository';
import { completedReportsRoutes } from './completed-reports/completed-reports.routes';
import { createCompletedReportsService } from './completed-reports/completed-reports.service';
import { createCustomersRepository } from './customers/customers.repository';
import { customersRoutes } from './customers/customers.routes';
import { createCustomersService } from './customers/customers.service';
import { createLocationsRepository } from './locations/locations.repository';
import { locationsRoutes } from './locations/locations.routes';
import { createLocationsService } from './locations/locations.service';
import { inventoryExportRoutes } from './machines/inventory-export.routes';
import { createInventoryRepository } from './machines/inventory.repository';
import { createInventoryService } from './machines/inventory.service';
import { createMachineReportsRepository } from './machines/machine-reports.repository';
import { machineReportsRoutes } from './machines/machine-reports.routes';
import { createMachineReportsService } from './machines/machine-reports.service';
import { createMachineImagesRepository } from './machines/machine-images.repository';
import { machineImagesRoutes } from './machines/machine-images.routes';
import { createMachineImagesService } from './machines/machine-images.service';
import { createMachinesRepository } from './machines/machines.repository';
import { machinesRoutes } from './machines/machines.routes';
import { createMachinesService } from './machines/machines.service';
import { ownMachinesRoutes } from './machines/own-machines.routes';
import { createOwnMachineRepository } from './machines/own-machine.repository';
import { createOwnMachineService } from './machines/own-machine.service';
import { createFlowCookies } from './oidc/flow-cookie';
import { followupsRoutes } from './followups/followups.routes';
import { createFollowupsRepository } from './followups/followups.repository';
import { createFollowupsService } from './followups/followups.service';
import { intervalsRoutes } from './intervals/intervals.routes';
import { createIntervalsRepository } from './intervals/intervals.repository';
import { createIntervalsService } from './intervals/intervals.service';
import { overviewRoutes } from './overview/overview.routes';
import { createOverviewRepository } from './overview/overview.repository';
import { createOverviewService } from './overview/overview.service';
import { createOidcProviderClient } from './oidc/oidc.client';
import { createOidcRepository } from './oidc/oidc.repository';
import { oidcRoutes } from './oidc/oidc.routes';
import { createOidcService } from './oidc/oidc.service';
import { createMailsRepository } from './mails/mails.repository';
import { mailsRoutes } from './mails/mails.routes';
import { createMailsService } from './mails/mails.service';
import { createMalfunctionsCustomerRepository } from './malfunctions/malfunctions-customer.repository';
import { malfunctionsCustomerRoutes } from './malfunctions/malfunctions-customer.routes';
import { createMalfunctionsCustomerService } from './malfunctions/malfunctions-customer.service';
import { createReporterMail } from './malfunctions/malfunctions-reporter-mail';
import { createMalfunctionsRepository } from './malfunctions/malfunctions.repository';
import { malfunctionsRoutes } from './malfunctions/malfunctions.routes';
import { createMalfunctionsService } from './malfunctions/malfunctions.service';
import { createAssignedMalfunctionsRepository } from './malfunctions/malfunctions-assigned.repository';
import { assignedMalfunctionsRoutes } from './malfunctions/malfunctions-assigned.routes';
import { createAssignedMalfunctionsService } from './malfunctions/malfunctions-assigned.service';
import { createMalfunctionPlanningRepository } from './malfunctions/malfunctions-planning.repository';
import { malfunctionPlanningRoutes } from './malfunctions/malfunctions-planning.routes';
import { createMalfunctionPlanningService } from './malfunctions/malfunctions-planning.service';
import { createLabelsRepository } from './labels/labels.repository';
import { labelsRoutes } from './labels/labels.routes';
import { createLabelsService } from './labels/labels.service';
import { createMachineTypesRepository } from './machine-types/machine-types.repository';
import { machineTypesRoutes } from './machine-types/machine-types.routes';
import { createMachineTypesService } from './machine-types/machine-types.service';
import { createQuestionnairesRepository } from './questionnaires/questionnaires.repository';
import { questionnairesRoutes } from './questionnaires/questionnaires.routes';
import { createQuestionnairesService } from './questionnaires/questionnaires.service';
import { createQuestionsRepository } from './questions/questions.repository';
import { questionsRoutes } from './questions/questions.routes';
import { createQuestionsService } from './questions/questions.service';
import { createReportsRepository } from './reports/reports.repository';
import { reportsRoutes } from './reports/reports.routes';
import { createReportsService } from './reports/reports.service';
import { createReportPhotosRepository } from './reports/reports-photos.repository';
import { reportPhotosRoutes } from './reports/reports-photos.routes';
import { createReportPhotosService } from './reports/reports-photos.service';
import { createReportSignaturesRepository } from './reports/reports-signatures.repository';
import { reportSignaturesRoutes } from './reports/reports-signatures.routes';
import { createReportSignaturesService } from './reports/reports-signatures.service';
import { createReportCorrectionsRepository } from './reports/reports-corrections.repository';
import { reportCorrectionsRoutes } from './reports/reports-corrections.routes';
import { createReportCorrectionsService } from './reports/reports-corrections.service';
import { createRegistrationRepository } from './registration/registration.repository';
import { registrationRoutes } from './registration/registration.routes';
import { createRegistrationService } from './registration/registration.service';
import { createProfileRepository } from './profile/profile.repository';
import { profileRoutes } from './profile/profile.routes';
import { createProfileService } from './profile/profile.service';
import { createPlanningRepository } from './tasklists/planning.repository';
import { planningRoutes } from './tasklists/planning.routes';
import { createPlanningService } from './tasklists/planning.service';
import { createTasklistsRepository } from './tasklists/tasklists.repository';
import { tasklistsRoutes } from './tasklists/tasklists.routes';
import { createTasklistsService } from './tasklists/tasklists.service';
import { createTwoFactorRepository } from './two-factor/two-factor.repository';
import { twoFactorRoutes } from './two-factor/two-factor.routes';
import { createTwoFactorService } from './two-factor/two-factor.service';
import { createUsageLimits, usageLimitsPlugin } from './usage/usage-limits';
import { createUsageRepository } from './usage/usage.repository';
import { createUsersRepository } from './users/users.repository';
import { createWaitingAccountsRepository } from './users/waiting-accounts.repository';
import { usersRoutes } from './users/users.routes';
import { createUserDirectory, createUsersService } from './users/users.service';

/*
 * The composition root: the one place that knows every module. It builds each repository once
 * over the one database, the services on top of them (a service gets repositories, other
 * modules' small interfaces and the app's outside services, never another module's
 * internals), and registers each module's routes with the services they call. Routes never
 * see the database.
 */

/** What the modules are made of. */
export type ModuleDeps = {
  db: Db;
  config: Config;
  /** The mail queue: services queue mails with `mail.send(...)` (lib/mail-queue.ts). */
  mail: MailQueue;
  /** Where uploaded files go (machine images). */
  storage: Storage;
  /** The HMAC key of the session ids (lib/session-secret.ts). */
  sessionSecret: string;
  /** The image intake's decoder; default the real one (tests pass a fake). */
  imageDecoder?: ImageDecoder;
};

/** Every repository once, and every module's service. */
export function createModules({ db, config, mail, storage, sessionSecret, imageDecoder }: ModuleDeps) {
  // Mails to the office (a new malfunction, an account waiting): one list of addresses, one fan-out.
  const officeMail = createOfficeMail(db, mail);
  const repos = {
    sessions: createSessionsRepository(db),
    loginAttempts: createLoginAttemptsRepository(db),
    users: createUsersRepository(db),
    waitingAccounts: createWaitingAccountsRepository(db),
    account: createAccountRepository(db),
    customers: createCustomersRepository(db),
    locations: createLocationsRepository(db),
    machines: createMachinesRepository(db, { dueSoonDays: config.dueSoonDays }),
    inventory: createInventoryRepository(db),
    machineImages: createMachineImagesRepository(db),
    brands: createBrandsRepository(db),
    machineTypes: createMachineTypesRepository(db),
    categories: createCategoriesRepository(db),
    questions: createQuestionsRepository(db),
    questionnaires: createQuestionnairesRepository(db),
    tasklists: createTasklistsRepository(db),
    planning: createPlanningRepository(db),
    completedReports: createCompletedReportsRepository(db),
    audit: createAuditRepository(db),
    apiTokens: createApiTokensRepository(db),
    machineReports: createMachineReportsRepository(db),
    ownMachine: createOwnMachineRepository(db, { dueSoonDays: config.dueSoonDays }),
    reports: createReportsRepository(db),
    malfunctions: createMalfunctionsRepository(db),
    mails: createMailsRepository(db),
    registration: createRegistrationRepository(db),
    oidc: createOidcRepository(db),
    twoFactor: createTwoFactorRepository(db),
    profile: createProfileRepository(db),
    usage: createUsageRepository(db),
    intervals: createIntervalsRepository(db),
    followups: createFollowupsRepository(db),
    overview: createOverviewRepository(db),
  };

  // The request pipeline's own (plugins/session.ts); users end sessions through it.
  const sessions = createSessionStore(
    db,
    { secret: sessionSecret, idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs },
    { sessions: repos.sessions, loginAttempts: repos.loginAttempts },
  );
  // The one secret box (lib/secret-box.ts): TOTP secrets in the database, Google's flow cookie.
  const secretBox = createSecretBox(config.secretBoxKey ?? sessionSecret);
  // Uploads and exports per user and hour, and a customer's stored bytes, in the database.
  const usage = createUsageLimits({ repo: repos.usage, rates: config.usage });
  // The ONE image intake (types by bytes, re-encoding, upload slots, the process's decode queue,
  // the storage quota), shared by machine images, malfunction photos and the profile photo.
  const images = createImageIntake({
    decoder: imageDecoder,
    quota: { bytesPerCustomer: config.usage.storageBytesPerCustomer, usedBy: usage.storedBytes },
  });
  const machines = createMachinesService({ db, repo: repos.machines });
  // The customer's side of a malfunction: comments, withdrawing, and the reporter's mails.
  const malfunctionsCustomerRepo = createMalfunctionsCustomerRepository(db);
  const reporterMail = createReporterMail({ repo: malfunctionsCustomerRepo, mail, appUrl: config.appUrl });
  const malfunctionsCustomer = createMalfunctionsCustomerService({
    repo: malfunctionsCustomerRepo,
    storage,
    officeMail,
    appUrl: config.appUrl,
    intake: images,
  });
  // Assignment: the assignees, a user's "Mijn storingen", the mail to a new assignee.
  const assignedMalfunctions = createAssignedMalfunctionsService({
    repo: createAssignedMalfunctionsRepository(db),
    mail,
    appUrl: config.appUrl,
    storage,
    photoRow: (id, photoId) => repos.malfunctions.photo(id, photoId),
  });
  // "Inplannen": the machine planned by the task lists' own checks and plan statement;
  // the report's submit resolves the malfunctions planned on it through `reportLinks`.
  const malfunctionPlanning = createMalfunctionPlanningService({
    db,
    repo: createMalfunctionPlanningRepository(db),
    malfunctions: repos.malfunctions,
    tasklists: repos.tasklists,
    reporterMail,
  });
  const malfunctions = createMalfunctionsService({
    reporterMail,
    mailAssignee: assignedMalfunctions.mailAssignee,
    repo: repos.malfunctions,
    storage,
    mail,
    officeMail,
    appUrl: config.appUrl,
    intake: images,
    // The response deadline of a new malfunction: working days, MALFUNCTION_CUTOFF.
    respondBy: (reportedAt: Date) => respondByOf(reportedAt, config.malfunctionCutoff),
  });
  const loginThrottle = createLoginThrottle(repos.loginAttempts);
  const machineImages = createMachineImagesService({ repo: repos.machineImages, storage, intake: images });
  const machineReports = createMachineReportsService({ repo: repos.machineReports });
  // The answers' photos: through the one image intake, shown in the read model and the PDF.
  const reportPhotos = createReportPhotosService({
    db,
    repo: createReportPhotosRepository(db),
    reports: repos.reports,
    storage,
    intake: images,
  });
  // The signatures at "Rapport afronden": images through the one intake, printed on the PDF.
  const reportSignatures = createReportSignaturesService({
    db,
    reports: repos.reports,
    repo: createReportSignaturesRepository(db),
    storage,
    intake: images,
  });
  const reports = createReportsService({
    db,
    repo: repos.reports,
    images: machineImages,
    company: config.company,
    photos: reportPhotos,
    signatureImages: reportSignatures.imagesOf,
    malfunctions: malfunctionPlanning.reportLinks,
  });
  const auth = createAuthService({
    // Users <-> auth: login reads users through this small interface, user management ends
    // sessions through `sessions` (its `UserSessions`); neither imports the other.
    users: createUserDirectory(repos.users),
    sessions,
    throttle: loginThrottle,
    devices: createDeviceCookies({ secret: sessionSecret, secure: config.secureCookies }),
    scryptLogN: config.scryptLogN,
    twoFactorRequiredForEmployees: config.twoFactorRequiredForEmployees,
  });

  // Google sign-in's flow cookie (modules/oidc): its routes set and clear it.
  const oidcFlows = createFlowCookies({ box: secretBox, secure: config.secureCookies });

  return {
    sessions,
    oidcFlows,
    usage,
    images,
    appUrl: config.appUrl,
    // Google sign-in: finds the account (or creates a self-registered one through the users'
    // repository, telling the admins like registration does); the route starts its session
    // through `auth`.
    oidc: createOidcService({
      provider: config.google
        ? createOidcProviderClient(config.google, `${config.appUrl}/api/auth/google/callback`)
        : null,
      flows: oidcFlows,
      repo: repos.oidc,
      users: repos.users,
      officeMail,
      appUrl: config.appUrl,
    }),
    auth,
    // The profile answers with the logged-in user as the auth module presents it.
    profile: createProfileService({
      repo: repos.profile,
      storage,
      present: auth.presentCurrent,
      intake: images,
    }),
    // Two-factor sign-in: the login throttle's counters, the session store, the secrets sealed
    // with SECRET_BOX_KEY (else the session secret), and the user as the auth module presents it.
    twoFactor: createTwoFactorService({
      db,
      repo: repos.twoFactor,
      throttle: loginThrottle,
      sessions,
      box: secretBox,
      issuer: config.company.name,
      presentCurrent: auth.presentCurrent,
    }),
    // Users -> two-factor: an admin's reset turns it off with the two-factor repository's own write.
    users: createUsersService({
      db,
      users: repos.users,
      waiting: repos.waitingAccounts,
      sessions,
      mail,
      appUrl: config.appUrl,
      company: config.company,
      turnOffTwoFactor: repos.twoFactor.disable,
    }),
    account: createAccountService({ db, repo: repos.account, scryptLogN: config.scryptLogN }),
    // Forgot, reset and change password: the login throttle's counters, the session store, and
    // user management's token writer (a new link kills the previous one).
    password: createPasswordService({
      db,
      repo: repos.account,
      replaceToken: repos.users.replaceToken,
      throttle: loginThrottle,
      sessions,
      mail,
      appUrl: config.appUrl,
      company: config.company,
      scryptLogN: config.scryptLogN,
    }),
    // Archiving a customer ends its users' sessions (`sessions` is its `CustomerSessions`).
    customers: createCustomersService(repos.customers, sessions),
    locations: createLocationsService(repos.locations),
    machines,
    inventory: createInventoryService({
      inventory: repos.inventory,
      machines: repos.machines,
      company: config.company,
      dueSoonDays: config.dueSoonDays,
    }),
    machineImages,
    brands: createBrandsService(repos.brands),
    machineTypes: createMachineTypesService(repos.machineTypes),
    categories: createCategoriesService(repos.categories),
    questions: createQuestionsService(repos.questions),
    questionnaires: createQuestionnairesService({ db, repo: repos.questionnaires }),
    tasklists: createTasklistsService({ db, repo: repos.tasklists, dueSoonDays: config.dueSoonDays }),
    planning: createPlanningService({ db, repo: repos.planning, tasklists: repos.tasklists }),
    completedReports: createCompletedReportsService({ repo: repos.completedReports, company: config.company }),
    audit: createAuditService({ repo: repos.audit, company: config.company }),
    apiTokens: createApiTokensService({ repo: repos.apiTokens }),
    machineReports,
    // The report screen shows its machine's first image through `machineImages` (its `ReportImages`).
    reports,
    reportPhotos,
    reportSignatures,
    // Corrections: a submitted report reopened as its next version.
    reportCorrections: createReportCorrectionsService({
      db,
      reports: repos.reports,
      repo: createReportCorrectionsRepository(),
    }),
    // The customer portal reads reports through the reports service (its `PortalReports`).
    ownMachine: createOwnMachineService({ repo: repos.ownMachine, machineReports, images: machineImages, reports }),
    malfunctions,
    malfunctionsCustomer,
    assignedMalfunctions,
    malfunctionPlanning,
    // QR labels: a code per machine sealed with the secret box; an anonymous report
    // goes through the malfunctions service, throttled in the login throttle's counters; a
    // scanned machine is planned on today's list by the task lists' own statements.
    labels: createLabelsService({
      db,
      repo: createLabelsRepository(db),
      tasklists: repos.tasklists,
      malfunctions,
      counters: repos.loginAttempts,
      intake: images,
      box: secretBox,
      appUrl: config.appUrl,
      company: config.company,
      dueSoonDays: config.dueSoonDays,
    }),
    // Planning and compliance: intervals and due states, follow-ups and planning from
    // due dates, the overviews and the Keuringsoverzicht.
    intervals: createIntervalsService({ db, config, repo: repos.intervals }),
    // Follow-ups -> task lists: a re-inspection is planned by the lists' own plan statement.
    followups: createFollowupsService({ db, repo: repos.followups, tasklists: repos.tasklists }),
    overview: createOverviewService({ repo: repos.overview, config }),
    certificates: createCertificatesService({
      repo: createKeuringsoverzichtRepository(db),
      company: config.company,
      dueSoonDays: config.dueSoonDays,
    }),
    // The admins' view of the mail queue: failed mails, and sending one again through the queue.
    mails: createMailsService({ repo: repos.mails, queue: mail }),
    // Self-registration: the new user and its activation token through the users' repository,
    // its throttle in the login throttle's counters.
    registration: createRegistrationService({
      db,
      repo: repos.registration,
      users: repos.users,
      attempts: repos.loginAttempts,
      mail,
      officeMail,
      appUrl: config.appUrl,
      scryptLogN: config.scryptLogN,
    }),
  };
}

export type Modules = ReturnType<typeof createModules>;

/** Registers every module's routes with the services they call. */
export async function registerModules(app: FastifyInstance, modules: Modules): Promise<void> {
  // Before the routes: counts uploads (`config.files`) and exports (`config.usage`) per user.
  await app.register(usageLimitsPlugin, { limits: modules.usage });
  await app.register(authRoutes, { service: modules.auth });
  await app.register(usersRoutes, { service: modules.users });
  await app.register(customersRoutes, { service: modules.customers });
  await app.register(locationsRoutes, { service: modules.locations });
  await app.register(machinesRoutes, { service: modules.machines });
  await app.register(inventoryExportRoutes, { machines: modules.machines, inventory: modules.inventory });
  await app.register(ownMachinesRoutes, {
    machines: modules.machines,
    inventory: modules.inventory,
    own: modules.ownMachine,
  });
  await app.register(machineImagesRoutes, { service: modules.machineImages });
  await app.register(brandsRoutes, { service: modules.brands });
  await app.register(machineTypesRoutes, { service: modules.machineTypes });
  await app.register(categoriesRoutes, { service: modules.categories });
  await app.register(questionsRoutes, { service: modules.questions });
  await app.register(questionnairesRoutes, { service: modules.questionnaires });
  await app.register(tasklistsRoutes, { service: modules.tasklists });
  await app.register(planningRoutes, { service: modules.planning });
  await app.register(completedReportsRoutes, { service: modules.completedReports });
  await app.register(auditRoutes, { service: modules.audit });
  await app.register(apiTokensRoutes, { service: modules.apiTokens });
  await app.register(machineReportsRoutes, { service: modules.machineReports });
  await app.register(reportsRoutes, { service: modules.reports });
  await app.register(reportPhotosRoutes, { service: modules.reportPhotos });
  await app.register(reportSignaturesRoutes, { service: modules.reportSignatures });
  await app.register(reportCorrectionsRoutes, { service: modules.reportCorrections });
  await app.register(accountRoutes, { service: modules.account });
  await app.register(passwordRoutes, { service: modules.password });
  await app.register(malfunctionsRoutes, { service: modules.malfunctions });
  await app.register(assignedMalfunctionsRoutes, { service: modules.assignedMalfunctions });
  await app.register(malfunctionPlanningRoutes, { service: modules.malfunctionPlanning });
  await app.register(malfunctionsCustomerRoutes, { service: modules.malfunctionsCustomer });
  await app.register(labelsRoutes, { service: modules.labels });
  await app.register(mailsRoutes, { service: modules.mails });
  await app.register(registrationRoutes, { service: modules.registration });
  await app.register(oidcRoutes, {
    service: modules.oidc,
    auth: modules.auth,
    flowCookie: modules.oidcFlows,
    appUrl: modules.appUrl,
  });
  await app.register(twoFactorRoutes, { service: modules.twoFactor });
  await app.register(profileRoutes, { service: modules.profile });
  await app.register(intervalsRoutes, { service: modules.intervals });
  await app.register(followupsRoutes, { service: modules.followups });
  await app.register(overviewRoutes, { service: modules.overview });
  await app.register(certificatesRoutes, { service: modules.certificates });
}
