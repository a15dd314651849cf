import { join } from 'node:path';
import type { AppDependencies } from './app.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { outboxRelayTick } from './jobs/outbox-relay.ts';
import { createJobWorker } from './jobs/worker.ts';
import { createLocalTelephony } from './modules/backoffice/calls/local-telephony.ts';
import { createLocalScreeningList } from './modules/backoffice/screening/local-screening-list.ts';
import { createLocalDocumentStorage, type DocumentStorage } from './modules/documents/document-storage.ts';
import type { S3DocumentStorageOptions } from './modules/documents/s3-document-storage.ts';
import { createLocalEidSigning } from './modules/insurance/eid-signing.ts';
import { createLocalPaymentMandateProvider } from './modules/insurance/payment-mandate-provider.ts';
import { createLocalExternalDataStandIn } from './modules/lending/intake/external-data.ts';
import { createSimulatedLenderPanel } from './modules/lending/lender-panel/simulated-lender-panel.ts';
import { messageEventPublisher } from './modules/messages/message.service.ts';
import { createMessaging } from './modules/messages/messaging.ts';

// The adapters the API runs with unless told otherwise, built from the config: server.ts, the test helper,
// the seed and the benchmark start from these and replace what they need. buildApp (app.ts) is the one
// place that hands them to the modules. Nothing here calls the internet: the lender panel and the credit
// bureau are local stand-ins (README "Environment variables": LENDER_SEED, LENDER_DELAY_SCALE).

export type AdapterDependencies = Pick<
  AppDependencies,
  | 'panel'
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
  return {
    panel: createSimulatedLenderPanel({
      seed: config.worker.lenderSeed,
      delayScale: config.worker.lenderDelayScale,
    }),
    externalData: createLocalExternalDataStandIn({ seed: config.worker.lenderSeed }),
    documentStorage:
      config.documentStorage.kind === 's3'
        ? s3DocumentStorage(config.documentStorage)
        : createLocalDocumentStorage(join(config.dataDir, 'documents')),
    // Outbound calls and PEP/sanctions screening: local stand-ins (ADR 0022).
    telephony: createLocalTelephony({ now }),
    screening: createLocalScreeningList(),
    // Insurance: e-ID signing of the mandate and the premium's payment mandate (ADR 0026).
    eidSigning: createLocalEidSigning({ now }),
    paymentMandates: createLocalPaymentMandateProvider({ now }),
    // E-mail over SMTP (a local sink outside production) and SMS (a local gateway): ADR 0030.
    messaging: createMessaging(config),
    // One in-process worker per instance; the modules register their job handlers on it. The outbox's
    // events become status notifications to the applicant (modules/messages).
    worker: config.worker.enabled
      ? (log) =>
          createJobWorker({
            db,
            now,
            log,
            onTick: outboxRelayTick({ db, now, log, publish: messageEventPublisher(config) }),
          })
      : undefined,
  };
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
