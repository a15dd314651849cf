import { figuresInForce, missingPeriodWarning } from '@nordloan/domain/finance/regulatory-figures';
import type { Executor } from '#src/db/client.ts';
import { loadRegulatoryFigures } from './regulatory-figure.service.ts';

// Issue 17: a running period nobody has entered means offers are checked against the strict bound. The
// server says so at start and once a day per missing period (each country's own calendar day), until a
// Manager adds the figure.

interface MessageLogger {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** How often the clock is looked at; a warning is still logged at most once a local day per period. */
const checkEveryMs = 10 * 60 * 1000;

export function createMissingFigureWarnings(options: {
  db: Executor;
  /** The app's logger (a FastifyBaseLogger), or any with pino's (fields, message) calls. */
  log: MessageLogger;
  now: () => Date;
  intervalMs?: number;
}) {
  const { db, log, now } = options;
  const warnedOn = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;

  async function check(): Promise<void> {
    try {
      const { periods } = await loadRegulatoryFigures(db);
      for (const figure of figuresInForce(periods, now())) {
        if (!figure.fallback) continue;
        const key = `${figure.country}:${figure.figure}:${figure.validFrom}`;
        if (warnedOn.get(key) === figure.date) continue;
        warnedOn.set(key, figure.date);
        log.warn(
          {
            country: figure.country,
            figure: figure.figure,
            validFrom: figure.validFrom,
            validTo: figure.validTo,
            strictValue: figure.value,
          },
          missingPeriodWarning(figure),
        );
      }
    } catch (error) {
      log.error({ err: error }, 'regulatory figures: the check for missing periods failed');
    }
  }

  return {
    check,
    start() {
      if (timer) return;
      timer = setInterval(() => void check(), options.intervalMs ?? checkEveryMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
