import { figuresInForce, missingPeriodWarning } from '@nordloan/domain/finance/regulatory-figures';
import { duePeriodWarning, figureReminders } from '@nordloan/domain/finance/regulatory-figures.reminders';
import type { Executor } from '#src/db/client.ts';
import { loadRegulatoryFigures } from './regulatory-figure.service.ts';

// Issue 17: a running period nobody has entered means offers are checked against the strict bound. The
// server says so at start and once a day per missing period (each country's own calendar day), until a
// Manager adds the figure. Issue 39: from 30 days before a running period ends, the same for its successor
// while it is not known (the back office shows the country's Managers the same reminders).

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
      const instant = now();
      const inForce = new Map(
        figuresInForce(periods, instant).map((figure) => [`${figure.country}:${figure.figure}`, figure]),
      );
      for (const reminder of figureReminders(periods, instant)) {
        const key = `${reminder.kind}:${reminder.country}:${reminder.figure}:${reminder.validFrom}`;
        if (warnedOn.get(key) === reminder.date) continue;
        warnedOn.set(key, reminder.date);
        const fields = {
          country: reminder.country,
          figure: reminder.figure,
          validFrom: reminder.validFrom,
          validTo: reminder.validTo,
          whereToFind: reminder.whereToFind,
        };
        const strict = inForce.get(`${reminder.country}:${reminder.figure}`);
        if (reminder.kind === 'missing' && strict) {
          log.warn({ ...fields, strictValue: strict.value }, missingPeriodWarning(strict));
        } else if (reminder.kind === 'due') {
          log.warn({ ...fields, daysLeft: reminder.daysLeft }, duePeriodWarning(reminder));
        }
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
