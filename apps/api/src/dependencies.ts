import { join } from 'node:path';
import { lenderPanel } from '@nordloan/domain/lending/lender-panel';
import type { AppDependencies } from './app.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { type EventPublisher, outboxRelayTick, publishToAll } from './jobs/outbox-relay.ts';
import { createJobWorker } from './jobs/worker.ts';
import { createLocalTelephony } from './modules/backoffice/calls/local-telephony.ts';
import { workQueueEventSubscriber } from './modules/backoffice/queues/work-queue.events.ts';
import { createLocalScreeningList } from './modules/compliance/local-screening-list.ts';
import { screeningEventSubscriber } from './modules/compliance/screening.events.ts';
import type { ScreeningAdapter } from './modules/compliance/screening-adapter.ts';
import { createLocalDocumentStorage, type DocumentStorage } from './modules/documents/document-storage.ts';
import type { S3DocumentStorageOptions } from './modules/documents/s3-document-storage.ts';
import { createLocalEidSigning } from './modules/insurance/eid-signing.ts';
import { createLocalPaymentMandateProvider } from './modules/insurance/payment-mandate-provider.ts';
import { createLocalExternalDataStandIn } from './modules/lending/intake/external-data.ts';
import { lenderEndpointsOf } from './modules/lending/lender-api/http-lender-panel.ts';
import { credentialsFromConfig } from './modules/lending/lender-api/lender-credentials.ts';
import { createRegisterPanel } from './modules/lending/lender-panel/register-panel.ts';
import { lendingEventSubscriber } from './modules/lending/lending.events.ts';
import { messageEventPublisher } from './modules/messages/message.service.ts';
import { createMessaging } from './modules/messages/messaging.ts';

// The adapters the API runs with unless told otherwise, built from the config: server.ts, the test helper,
// the seed and the benchmark start from these and replace what they need. buildApp (app.ts) is the one
// place that hands them to the modules. Nothing here calls the internet: the lender panel and the credit
// bureau are local stand-ins (README "Environment variables": LENDER_SEED, LENDER_DELAY_SCALE).

export type AdapterDependencies = Pick<
  AppDependencies,
  | 'panel'
  | 'lenderCredentials'
  | 'externalData'
  | 'documentStorage'
  | 'worker'
  | 'telephony'
  | 'screening'
  | 'eidSigning'
  | 'paymentMandates'
  | 'messaging'
>;

export function defaultDependencies(options: {
  config: Config;
  db: Db;
  now: () => Date;
}): AdapterDependencies {
  const { config, db, now } = options;
  const screening = createLocalScreeningList();
  // The panel is the lender table (ADR 0067): simulated lenders at the sandbox lender's endpoint
  // (LENDER_API_SANDBOX_URL, or LENDER_API_LENDERS: ADR 0062) and without one not on the panel (ADR 0083),
  // lenders with their own API over HTTP, portal lenders answered by their people. Read at start-up and
  // again whenever the table changes.
  const configured = Object.keys(config.lenderApi.lenders);
  lenderEndpointsOf(
    config,
    lenderPanel.map((profile) => profile.id),
  );
  const panel = createRegisterPanel({
    endpointsOf: (ids) => lenderEndpointsOf(config, [...new Set([...ids, ...configured])]),
    fallbackCredentials: credentialsFromConfig(config),
  });
  return {
    panel,
    lenderCredentials: panel.credentials,
    externalData: createLocalExternalDataStandIn({ seed: config.worker.lenderSeed }),
    documentStorage:
      config.documentStorage.kind === 's3'
        ? s3DocumentStorage(config.documentStorage)
        : createLocalDocumentStorage(join(config.dataDir, 'documents')),
    // Outbound calls and PEP/sanctions screening: local stand-ins (ADR 0022).
    telephony: createLocalTelephony({ now }),
    screening,
    // Insurance: e-ID signing of the mandate and the premium's payment mandate (ADR 0026).
    eidSigning: createLocalEidSigning({ now }),
    paymentMandates: createLocalPaymentMandateProvider({ now }),
    // E-mail over SMTP (a local sink outside production) and SMS (a local gateway): ADR 0030.
    messaging: createMessaging(config),
    // One in-process worker per instance; the modules register their job handlers on it. Its tick relays
    // the outbox: the modules react to the events (ADR 0056), and they become status notifications to the
    // applicant (modules/messages).
    worker: config.worker.enabled
      ? (log) =>
          createJobWorker({
            db,
            now,
            log,
            ...(config.worker.leaseMs ? { leaseMs: config.worker.leaseMs } : {}),
            onTick: outboxRelayTick({
              db,
              now,
              log,
              publish: publishToAll([
                moduleEventPublisher({ screening, now }),
                messageEventPublisher(config),
              ]),
            }),
          })
      : undefined,
  };
}

/**
 * What the modules do with the outbox's events (ADR 0056), in the relay's transaction, in this order:
 * compliance screens a submission (and writes its `application-screened`); the lending engine takes an
 * application the screening no longer holds on to the lenders, or ends a blocked one's lender work; the
 * back office places the application in its work queue. The app's worker adds the notifications; the
 * tests' and the seed's lending workers relay with this alone.
 */
export function moduleEventPublisher(options: {
  screening: ScreeningAdapter;
  now: () => Date;
}): EventPublisher {
  return publishToAll([
    screeningEventSubscriber(options),
    lendingEventSubscriber(),
    workQueueEventSubscriber(),
  ]);
}

/**
 * S3 storage, its SDK loaded at the first document call: the AWS SDK is a large import that a server on
 * local disk (and every test) would otherwise pay for at start.
 */
function s3DocumentStorage(options: S3DocumentStorageOptions): DocumentStorage {
  let loaded: Promise<DocumentStorage> | undefined;
  const storage = () =>
    (loaded ??= import('./modules/documents/s3-document-storage.ts').then((module) =>
      module.createS3DocumentStorage(options),
    ));
  return {
    stage: async () => (await storage()).stage(),
    read: async (key) => (await storage()).read(key),
    remove: async (key) => (await storage()).remove(key),
  };
}
