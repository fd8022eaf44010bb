import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config';
import type { Database } from './db/client';
import { redactTokens, redactingStream } from './lib/log-redaction';
import { createAfterResponseTasks, type AfterResponseTasks } from './lib/after-response';
import { createMailQueue, type MailQueue, type MailQueueOptions } from './lib/mail-queue';
import type { Mailer } from './lib/mailer';
import type { ImageDecoder, ImageIntake } from './lib/image-intake';
import { createS3Storage } from './lib/s3-storage';
import { createDiskStorage, type Storage } from './lib/storage';
import { accessPlugin } from './plugins/access';
import { BODY_LIMIT, bodyPlugin } from './plugins/body';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { healthPlugin } from './plugins/health';
import { openapiPlugin } from './plugins/openapi';
import { languagePlugin } from './plugins/language';
import { methodOverride } from './plugins/method-override';
import { DEFAULT_PRESSURE, pressurePlugin, type PressureOptions } from './plugins/pressure';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { readWebIndex, webPlugin } from './plugins/web';
import { inlineScriptSources } from './plugins/first-paint';
import type { SessionStore } from './modules/auth/session-store';
import { createModules, registerModules } from './modules/index';
import { auditActorPlugin } from './plugins/audit-actor';
import { createRemindersModule } from './modules/reminders/reminders';
import { twoFactorSetupRequired } from './modules/auth/auth.service';

// Zod's own messages (where a schema names none: a body that is an array or null, a wrong type)
// in Dutch, as every other text of the API.
z.config(z.locales.nl());

export type AppDeps = {
  config: Config;
  database: Database;
  /** How mails go out (SMTP, the outbox, or memory in tests); the mail queue calls it. */
  mailer: Mailer;
  /** Tests tune the mail queue (shorter retry delays and polling). */
  mailQueue?: Partial<MailQueueOptions>;
  sessionSecret: string;
  /** Where uploads go; default DATA_DIR/uploads on disk. */
  storage?: Storage;
  /** Default true; tests and the bench turn request logging off. */
  logger?: boolean;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** 503 when the event loop lags (plugins/pressure.ts); tests turn it off (false) or tune it. */
  pressure?: PressureOptions | false;
  /** The image intake's decoder (lib/image-intake.ts); tests pass a fake that counts concurrency. */
  imageDecoder?: ImageDecoder;
  /**
   * Name the request's user for the audit trail (plugins/audit-actor.ts); default true. Only the
   * bench turns it off, with the trail's triggers (OpenOptions.auditTrail), to measure its cost.
   */
  auditActor?: boolean;
};

/**
 * The path of a request for the log: the route's pattern (`/api/users/:id`), else the path with
 * the tokens of e-mailed links (activate/{token}, reset-password/{token}) left out.
 */
export const loggedUrl = (request: { url: string; routeOptions: { url?: string } }): string =>
  request.routeOptions.url && request.routeOptions.url !== '*' ? request.routeOptions.url : redactTokens(request.url);

/** Builds the app: plugins, then modules, then the method-override twins (fastify/demo's buildApp). */
export async function buildApp({
  config,
  database,
  mailer,
  mailQueue: mailQueueOptions,
  sessionSecret,
  storage,
  logger = true,
  logStream,
  pressure = DEFAULT_PRESSURE,
  imageDecoder,
  auditActor = true,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          // Every line, whoever writes it, without the tokens of e-mailed links (lib/log-redaction.ts).
          stream: redactingStream(logStream ?? process.stdout),
          redact: [
            'req.headers.cookie',
            'req.headers["x-csrf-token"]',
            'req.headers["x-xsrf-token"]',
            'res.headers["set-cookie"]',
          ],
        }
      : false,
    // One line per request at debug (LOG_LEVEL=debug), not Fastify's two at info: at info the
    // log is the start banner, warnings and errors (5xx are logged by the error handler).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Small bodies everywhere; upload routes take files as streamed multipart (plugins/body.ts).
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 200 },
    // A URL Fastify cannot route (bad encoding, over-long parameter): the envelope, in Dutch.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every mail goes through the queue in the database; this process's worker sends them
  // (lib/mail-queue.ts), from when the app is ready until it closes.
  const mail = createMailQueue({
    sql: database.sql,
    transport: mailer,
    company: config.company,
    log: { warn: (obj, msg) => app.log.warn(obj, msg), error: (obj, msg) => app.log.error(obj, msg) },
    options: mailQueueOptions,
  });
  app.addHook('onReady', () => mail.start());
  // The reminder mails' schedules and workers (modules/reminders; REMINDERS=0: none), after the queue.
  const reminders = createRemindersModule({
    database,
    mail,
    config,
    log: { info: (obj, msg) => app.log.info(obj, msg), error: (obj, msg) => app.log.error(obj, msg) },
  });
  app.addHook('onReady', () => reminders.start());
  // Work started after an answer (lib/after-response.ts), which may queue mail: finished first.
  const afterResponse = createAfterResponseTasks();
  app.decorate('afterResponse', afterResponse);
  // preClose: before any onClose hook (they run last-added first), e.g. the database's close.
  app.addHook('preClose', async () => {
    await afterResponse.settle();
    await reminders.stop();
    await mail.stop();
  });

  // Every repository and service, built once (modules/index.ts, the composition root).
  const files =
    storage ?? (config.s3 ? createS3Storage(config.s3) : createDiskStorage(path.join(config.dataDir, 'uploads')));
  const modules = createModules({
    db: database.db,
    config,
    mail,
    storage: files,
    sessionSecret,
    imageDecoder,
  });
  const { sessions } = modules;

  await app.register(errorsPlugin);
  const webIndex = readWebIndex(config.webDist);
  await app.register(securityHeadersPlugin, {
    secure: config.secureCookies,
    scriptSources: webIndex ? inlineScriptSources(webIndex) : [],
  });
  if (pressure) await app.register(pressurePlugin, pressure);
  // Synchronous hooks: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // The request line at debug: no hook at all without a logger (tests, the bench), and no line
  // built when debug is off (the field-work paths' own cost).
  if (logger) {
    app.addHook('onResponse', (request, reply, done) => {
      if (!(request.log as { isLevelEnabled?(level: string): boolean }).isLevelEnabled?.('debug')) return done();
      request.log.debug(
        {
          method: request.method,
          url: loggedUrl(request),
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });
  }
  if (auditActor) await app.register(auditActorPlugin);
  await app.register(bodyPlugin);
  await app.register(sessionPlugin, {
    store: sessions,
    tokens: modules.apiTokens,
    secure: config.secureCookies,
    absoluteMs: config.sessionAbsoluteMs,
  });
  await app.register(accessPlugin, {
    twoFactorSetupRequired: (user) => twoFactorSetupRequired(user, config.twoFactorRequiredForEmployees),
  });
  await app.register(languagePlugin);
  await app.register(openapiPlugin);
  await app.register(healthPlugin, {
    database,
    mail,
    metricsToken: config.metricsToken,
    storage: files,
    log: { error: (obj, msg) => app.log.error(obj, msg), info: (msg) => app.log.info(msg) },
  });
  const registerTwins = methodOverride(app);

  await registerModules(app, modules);

  await app.register(async (instance) => registerTwins(instance));
  await app.register(webPlugin, { root: config.webDist, index: webIndex });

  app.decorate('sessions', sessions);
  app.decorate('mailQueue', mail);
  app.decorate('reminders', reminders);
  app.decorate('imageIntake', modules.images);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    mailQueue: MailQueue;
    /** The one image intake (lib/image-intake.ts); tests read its decode queue's load. */
    imageIntake: ImageIntake;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work a request starts after its answer; the app waits for it before closing. */
    afterResponse: AfterResponseTasks;
  }
}
