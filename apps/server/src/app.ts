import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ADMIN_ROLES } from '@ricambi/domain';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { registerActAs } from './modules/act-as/act-as.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import type { Readiness } from './modules/admin/admin.service.ts';
import { articoloImagesDir, createImageIndex } from './modules/articolo/articolo.contract.ts';
import { articoloRoutes } from './modules/articolo/articolo.routes.ts';
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { catalogueAdminRoutes } from './modules/catalogue-admin/catalogue-admin.routes.ts';
import { catalogueMaintenanceRoutes } from './modules/catalogue-maintenance/catalogue-maintenance.routes.ts';
import { checklistsRoutes } from './modules/checklists/checklists.routes.ts';
import { checklistsAdminRoutes } from './modules/checklists-admin/checklists-admin.routes.ts';
import { combosRoutes } from './modules/combos/combos.routes.ts';
import { crModelliRoutes } from './modules/cr-modelli/cr-modelli.routes.ts';
import { createDocumentAdmin } from './modules/documents/documents.contract.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { i18nRoutes } from './modules/i18n/i18n.routes.ts';
import { startCatalogueNightly } from './modules/machines/catalogue.nightly.ts';
import { catalogueRoutes } from './modules/machines/catalogue.routes.ts';
import { cataloguePdfRoutes } from './modules/machines/catalogue-pdf.routes.ts';
import { createCataloguePdfService } from './modules/machines/catalogue-pdf.service.ts';
import { machinesRoutes } from './modules/machines/machines.routes.ts';
import { messaInStradaRoutes } from './modules/messa-in-strada/messa-in-strada.routes.ts';
import { orderHistoryAdminRoutes } from './modules/order-history/order-history.admin.ts';
import {
  createHandback,
  createOrderHistoryService,
  handedBackCarrier,
  httpCarrier,
} from './modules/order-history/order-history.contract.ts';
import { orderHistoryRoutes } from './modules/order-history/order-history.routes.ts';
import { createOrdersService } from './modules/orders/orders.contract.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { createSearchLog } from './modules/search/search.contract.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createThemesService } from './modules/themes/themes.contract.ts';
import { themesRoutes } from './modules/themes/themes.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { visibilityRoutes } from './modules/visibility/visibility.routes.ts';
import { warrantyRoutes } from './modules/warranty/warranty.routes.ts';
import { whereUsedRoutes } from './modules/whereused/whereused.routes.ts';
import { registerAdmission } from './platform/admission.ts';
import { registerAuth } from './platform/auth.ts';
import { registerCsrf } from './platform/csrf.ts';
import { createErpExport, createErpImport, type ErpExport } from './platform/erp.ts';
import { registerErrorHandling, sendProblem } from './platform/errors.ts';
import { createFileStore, createFiles, type Files } from './platform/files.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { outboxBacklog, startOutboxWorker, startRepeatingJob, type Worker } from './platform/jobs.ts';
import { createLoggerRegistry, type LoggerRegistry } from './platform/logger.ts';
import { createMailSender, type MailSender } from './platform/mail.ts';
import { createMetrics, registerMetrics } from './platform/metrics.ts';
import { FRAMED_POLICY, registerSecurityHeaders } from './platform/security-headers.ts';
import { registerWebAssets } from './platform/web-assets.ts';

/** API requests at work at once on PGlite: enough to overlap hashing and file work, few enough to keep turns short. */
const PGLITE_CONCURRENT_REQUESTS = 4;

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  mail?: MailSender;
  /** The ERP hand-over of sent orders; by default the one ERP_EXPORT_URL chooses (HTTP or files). */
  erp?: ErpExport;
  log: Logger;
  /** The named loggers of the logs page; by default a registry over `log`. */
  loggers?: LoggerRegistry;
  /** Run the outbox worker in this process (the server does; tests drive it by hand). */
  worker?: boolean;
  /** The attachments; by default on the store the configuration names (DATA_DIR/files or S3). */
  files?: Files;
};

/** How often the worker process sweeps the file store (it also sweeps once at start). */
const FILE_SWEEP_MS = 30 * 60_000;
/** How often a worker process looks for full-catalogue PDF jobs whose process died. */
const PDF_RESCUE_MS = 30_000;

export const buildApp = async (deps: AppDeps) => {
  const { config, database } = deps;
  const db = database.db;
  const loggers = deps.loggers ?? createLoggerRegistry(deps.log);
  const app = Fastify({
    // Request logs say `logger: ricambi.http`; Fastify's app.log (a child of this) is that logger.
    loggerInstance: deps.log.child({ logger: 'ricambi.http' }) as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  loggers.register('ricambi.http', app.log);
  const metrics = createMetrics({ database, outbox: () => outboxBacklog(db) });
  registerMetrics(app, metrics);

  const mail = deps.mail ?? createMailSender(config, loggers.get('ricambi.mail'));
  const erp = deps.erp ?? createErpExport(config, loggers.get('ricambi.erp'));
  const worker: Worker | undefined = deps.worker
    ? startOutboxWorker(db, { mail: mail.send, erp: erp.send }, loggers.get('ricambi.jobs'), config.mailPollMs)
    : undefined;
  const files = deps.files ?? createFiles(createFileStore(config.files), loggers.get('ricambi.files'));
  const documentAdmin = createDocumentAdmin({ db, files });
  const fileSweep = deps.worker
    ? startRepeatingJob(
        'file sweep',
        async () => ({ ...(await files.sweep(db)), waitingDocuments: await documentAdmin.sweepWaitingUploads() }),
        loggers.get('ricambi.jobs'),
        FILE_SWEEP_MS,
        database.withLock,
      )
    : undefined;
  const handback = createHandback({ db, log: loggers.get('ricambi.erp') });
  const historyInbox = deps.worker
    ? startRepeatingJob(
        'ERP history inbox',
        () => handback.scanInbox(config.dataDir),
        loggers.get('ricambi.jobs'),
        config.erpHistoryPollMs,
        database.withLock,
      )
    : undefined;
  const readiness: Readiness = { ready: false };
  const themes = createThemesService(db, { checkMs: config.cacheCheckMs, log: loggers.get('ricambi.themes') });
  await themes.load();
  const account = createAccountService({ db, config, kickOutbox: () => worker?.kick() });

  await registerSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerErrorHandling(app);
  // PGlite runs every statement in turn on this process's one thread: requests take turns too.
  if (database.kind === 'pglite' && config.pgliteMaxWaitMs > 0) {
    registerAdmission(app, { concurrency: PGLITE_CONCURRENT_REQUESTS, maxWaitMs: config.pgliteMaxWaitMs });
  }
  // Before the routes read the themes: another process may have reloaded them.
  app.addHook('onRequest', async () => themes.refresh());
  registerCsrf(app, config);
  const routeAreas = registerAuth(app, db, config, themes.resolve);
  registerInputGuard(app);
  // Before the routes: it compresses each route declared after it, and serves the web app.
  await registerWebAssets(app, config);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ricambi API', version: '1.0.0', description: 'Spare-parts portal API' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/swagger-ui',
    // The admin "docs" page frames it: the one response the portal's own pages may frame.
    staticCSP: FRAMED_POLICY,
    uiHooks: {
      onRequest: async (request, reply) => {
        if (!request.principal?.authorities.includes('ROLE_ADMIN')) {
          return sendProblem(reply, request.principal ? 403 : 401, `error.http.${request.principal ? 403 : 401}`);
        }
        reply.header('x-frame-options', 'SAMEORIGIN');
      },
    },
  });

  await app.register(accountRoutes(account, themes, config));
  await registerActAs(app, { db });
  await app.register(themesRoutes(themes));
  await app.register(i18nRoutes(db));
  await app.register(bannersRoutes(db, themes));
  await app.register(catalogueAdminRoutes(db));
  await app.register(combosRoutes(db));
  await app.register(usersRoutes({ db, config, themes, kickOutbox: () => worker?.kick() }));
  await app.register(adminRoutes({ config, database, mail, readiness, loggers, metrics }));
  await app.register(outboxRoutes({ db, kickOutbox: () => worker?.kick() }));
  await app.register(catalogueMaintenanceRoutes(db));
  const searchLog = createSearchLog(db, (error) => app.log.error({ err: error }, 'search log not written'));
  app.addHook('onClose', () => searchLog.close());
  const images = createImageIndex(articoloImagesDir(config.dataDir));
  await app.register(articoloRoutes({ db, images, searchLog }));
  await app.register(searchRoutes({ db, searchLog, themes }));
  await app.register(cartRoutes(db));
  await app.register(machinesRoutes(db));
  await app.register(messaInStradaRoutes({ db, files }));
  await app.register(catalogueRoutes(db, config));
  const cataloguePdf = createCataloguePdfService({
    db,
    dataDir: config.dataDir,
    store: files.store,
    log: loggers.get('ricambi.jobs'),
    themes,
    assetDirs: [config.webDist],
  });
  const pdfRescue = deps.worker
    ? startRepeatingJob('catalogue PDF rescue', cataloguePdf.rescue, loggers.get('ricambi.jobs'), PDF_RESCUE_MS)
    : undefined;
  app.addHook('onClose', async () => {
    await pdfRescue?.stop();
    await cataloguePdf.stop();
  });
  await app.register(cataloguePdfRoutes({ cataloguePdf }));
  if (deps.worker) {
    const nightly = startCatalogueNightly(
      db,
      loggers.get('ricambi.jobs'),
      config.catalogueRegenHour,
      database.withLock,
    );
    app.addHook('onClose', () => nightly.stop());
  }
  const orders = createOrdersService({
    db,
    themes,
    erpImport: createErpImport(config),
    kickOutbox: () => worker?.kick(),
  });
  await app.register(ordersRoutes({ db, orders }));
  await app.register(warrantyRoutes({ db, files, orders, config, kickOutbox: () => worker?.kick() }));
  await app.register(ticketsRoutes({ db, files, baseUrl: config.baseUrl, kickOutbox: () => worker?.kick() }));
  await app.register(whereUsedRoutes(db));
  await app.register(
    checklistsRoutes({
      db,
      files,
      baseUrl: config.baseUrl,
      factoryEmail: config.checklistFactoryEmail,
      kickOutbox: () => worker?.kick(),
    }),
  );
  await app.register(visibilityRoutes(db));
  await app.register(crModelliRoutes(db));
  await app.register(documentsRoutes({ db, files, admin: documentAdmin }));
  await app.register(checklistsAdminRoutes({ db, files }));
  await app.register(
    orderHistoryRoutes({
      history: createOrderHistoryService({
        db,
        carrier: config.trackingUrl ? httpCarrier(config.trackingUrl) : handedBackCarrier(db),
        backOffice: config.backOfficeEmail,
        baseUrl: config.baseUrl,
        kickOutbox: () => worker?.kick(),
      }),
      handback,
      erpToken: config.erpToken,
    }),
  );
  await app.register(orderHistoryAdminRoutes(db));
  app.get('/v3/api-docs', { config: { access: ADMIN_ROLES }, schema: { hide: true } }, async () => app.swagger());

  app.addHook('onClose', async () => {
    readiness.ready = false;
    await worker?.stop();
    await fileSweep?.stop();
    await historyInbox?.stop();
    await files.store.close();
    mail.close();
  });

  return {
    app,
    routeAreas,
    account,
    themes,
    mail,
    erp,
    readiness,
    worker,
    loggers,
    metrics,
    cataloguePdf,
    files,
    handback,
  };
};

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
