import { staffCountriesWith } from '@nordloan/domain/access';
import type { Country } from '@nordloan/domain/enums';
import type { CapsConfig } from '@nordloan/domain/finance/caps';
import {
  type CapsBasis,
  capsBasisOn,
  capsConfigAt,
  capsInForceOf,
  countryTimeZones,
  figuresInForce,
  isRegulatedCountry,
  localDate,
  mergeRegulatoryFigures,
  parseRegulatoryFigureTable,
  type RegulatoryFigurePeriod,
  regulatedCountries,
  regulatoryFigurePeriodSchema,
  statutoryPeriodOf,
} from '@nordloan/domain/finance/regulatory-figures';
import { publishedRegulatoryFigures } from '@nordloan/domain/finance/regulatory-figures.data';
import { figureReminders } from '@nordloan/domain/finance/regulatory-figures.reminders';
import type { Db, Executor } from '#src/db/client.ts';
import type { RegulatoryFigureRow } from '#src/db/schema/regulatory-figures.ts';
import { badRequest, conflict, type FieldError, fieldError, forbidden } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';
import { assertStaffMay } from '#src/lib/staff-access.ts';
import { auditActorLabel, recordAudit } from '#src/modules/audit/audit.service.ts';
import { insertRegulatoryFigure, listStoredRegulatoryFigures } from './regulatory-figure.repository.ts';
import type {
  AddRegulatoryFigureBody,
  RegulatoryFigurePeriodView,
  RegulatoryFiguresView,
} from './regulatory-figure.schema.ts';

// Regulatory figures of the API (issue 17, ADR 0019): the published periods of the repository merged with
// those staff added later. Read from the database at every look-up, so a period added on one instance
// applies on every instance from the next quote on.

const periodKey = (period: Pick<RegulatoryFigurePeriod, 'country' | 'figure' | 'validFrom'>) =>
  `${period.country}:${period.figure}:${period.validFrom}`;

function periodOfRow(row: RegulatoryFigureRow) {
  const { country, figure, value, validFrom, validTo, source } = row;
  return { country, figure, value, validFrom, validTo, source };
}

/** Every known period: the file's and the database's. Throws when the two disagree on a period. */
export async function loadRegulatoryFigures(
  db: Executor,
): Promise<{ periods: RegulatoryFigurePeriod[]; stored: RegulatoryFigureRow[] }> {
  const stored = await listStoredRegulatoryFigures(db);
  const added = parseRegulatoryFigureTable(stored.map(periodOfRow), 'the regulatory_figure table');
  return { periods: mergeRegulatoryFigures(publishedRegulatoryFigures, added), stored };
}

/** The figures in force for an offer of `country` at `instant`, and the caps they give (storeOffer). */
export async function capsBasisFor(
  db: Executor,
  country: Country,
  instant: Date,
): Promise<{ basis: CapsBasis; capsConfig: CapsConfig }> {
  const { periods } = await loadRegulatoryFigures(db);
  return capsBasisOn(periods, country, instant);
}

/**
 * capsBasisFor for the quotes of one transaction in many countries (a batch of lender decisions, ADR
 * 0047): the figures read once, at the first call, in that transaction.
 */
export function capsBasisReader(db: Executor): (country: Country, instant: Date) => Promise<CapsOfTheDay> {
  let periods: Promise<RegulatoryFigurePeriod[]> | undefined;
  return async (country, instant) => {
    periods ??= loadRegulatoryFigures(db).then((loaded) => loaded.periods);
    return capsBasisOn(await periods, country, instant);
  };
}

/** The caps in force for a quote and the figures they were computed from (stored with the quote). */
export type CapsOfTheDay = Awaited<ReturnType<typeof capsBasisFor>>;

// The public calculator shows an example per request: it reads the periods through a short cache instead
// of a query each time. A period added on this instance clears it; one added on another instance shows in
// examples within `cacheMaxAgeMs`. Quotes never use the cache (capsBasisFor reads in their transaction).
const cacheMaxAgeMs = 30_000;
const cache = new WeakMap<object, { loadedAt: number; periods: Promise<RegulatoryFigurePeriod[]> }>();

function cachedPeriods(db: Executor): Promise<RegulatoryFigurePeriod[]> {
  const cached = cache.get(db);
  if (cached && performance.now() - cached.loadedAt < cacheMaxAgeMs) return cached.periods;
  const periods = loadRegulatoryFigures(db).then((loaded) => loaded.periods);
  cache.set(db, { loadedAt: performance.now(), periods });
  periods.catch(() => cache.delete(db));
  return periods;
}

/** The caps of every country at `instant` (representative examples, the brand check at start). */
export async function capsConfigInForce(db: Executor, instant: Date): Promise<CapsConfig> {
  return capsConfigAt(await cachedPeriods(db), instant);
}

// ── Staff: read ─────────────────────────────────────────────────────────────────────────────────

export async function listRegulatoryFigures(options: {
  db: Executor;
  caller: Caller;
  country: Country | undefined;
  now: Date;
}): Promise<RegulatoryFiguresView> {
  const { db, caller, country, now } = options;
  const readable = caller.kind === 'staff' ? staffCountriesWith(caller.roles, 'regulatoryFigures.read') : [];
  if (readable.length === 0 || (country !== undefined && !readable.includes(country))) {
    throw forbidden('Not allowed: regulatoryFigures.read');
  }
  const shown = new Set<Country>(country ? [country] : readable);
  const { periods, stored } = await loadRegulatoryFigures(db);
  const storedByKey = new Map(stored.map((row) => [periodKey(row), row]));
  const inForce = figuresInForce(periods, now).filter((figure) => shown.has(figure.country));
  const inForceKeys = new Set(inForce.filter((figure) => !figure.fallback).map(periodKey));
  const capsConfig = capsConfigAt(periods, now);
  const shownRegulated = regulatedCountries.filter((regulated) => shown.has(regulated));
  return {
    Periods: periods
      .filter((period) => shown.has(period.country))
      .map((period) =>
        periodView(period, storedByKey.get(periodKey(period)), inForceKeys.has(periodKey(period))),
      ),
    InForce: inForce.map((figure) => ({
      Country: figure.country,
      Figure: figure.figure,
      Date: figure.date,
      Value: figure.value,
      ValidFrom: figure.validFrom,
      ValidTo: figure.validTo,
      Source: figure.source,
      Fallback: figure.fallback,
    })),
    // Issue 39: the caps those figures give, and what staff must enter (the back office's banner).
    Caps: shownRegulated.map((regulated) => {
      const caps = capsInForceOf(regulated, capsConfig);
      const figures = inForce.filter((figure) => figure.country === regulated);
      return {
        Country: regulated,
        Date: figures[0]?.date ?? localDate(now, countryTimeZones[regulated]),
        NominalRateCap: caps.nominalRateCapPercent,
        StartupFeeCap: caps.startupFeeCap,
        Fallback: figures.some((figure) => figure.fallback),
      };
    }),
    Reminders: figureReminders(periods, now)
      .filter((reminder) => shown.has(reminder.country))
      .map((reminder) => ({
        Country: reminder.country,
        Figure: reminder.figure,
        Kind: reminder.kind,
        ValidFrom: reminder.validFrom,
        ValidTo: reminder.validTo,
        DaysLeft: reminder.daysLeft,
        WhereToFind: reminder.whereToFind,
      })),
  };
}

function periodView(
  period: RegulatoryFigurePeriod,
  row: RegulatoryFigureRow | undefined,
  inForce: boolean,
): RegulatoryFigurePeriodView {
  // A period both in the file and in the database (copied at a release) counts as the file's.
  const fromFile = publishedRegulatoryFigures.some((published) => periodKey(published) === periodKey(period));
  return {
    Country: period.country,
    Figure: period.figure,
    Value: period.value,
    ValidFrom: period.validFrom,
    ValidTo: period.validTo,
    Source: period.source,
    Origin: fromFile || !row ? 'file' : 'api',
    CreatedBy: fromFile ? null : (row?.createdBy ?? null),
    CreatedAt: fromFile ? null : (row?.createdAt.toISOString() ?? null),
    InForce: inForce,
  };
}

// ── Staff: add the next period ──────────────────────────────────────────────────────────────────

const bodyField: Record<string, string> = {
  country: 'Country',
  figure: 'Figure',
  value: 'Value',
  validFrom: 'ValidFrom',
  validTo: 'ValidTo',
  source: 'Source',
};

function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * A Manager of the country (or Super) adds the running or the next period of a figure. A period that is
 * known already, or has ended, is refused: past periods never change, and a missing past period stays
 * missing (the quotes of those days were checked against the strict bound and say so).
 */
export async function addRegulatoryFigure(options: {
  db: Db;
  caller: Caller;
  body: AddRegulatoryFigureBody;
  now: Date;
}): Promise<RegulatoryFigurePeriodView> {
  const { db, caller, body, now } = options;
  assertStaffMay(caller, 'regulatoryFigures.manage', body.Country);
  const parsed = regulatoryFigurePeriodSchema.safeParse({
    country: body.Country,
    figure: body.Figure,
    value: body.Value,
    validFrom: body.ValidFrom,
    validTo: body.ValidTo,
    source: body.Source,
  });
  if (!parsed.success) {
    const errors: FieldError[] = parsed.error.issues.map((issue) => ({
      Field: bodyField[String(issue.path[0])] ?? 'Body',
      Message: issue.message,
    }));
    throw badRequest('Validation failed', errors);
  }
  const period = parsed.data;
  if (!isRegulatedCountry(period.country)) throw fieldError('Country', 'Country has no regulatory figures');
  const today = localDate(now, countryTimeZones[period.country]);
  if (period.validTo < today) {
    throw fieldError('ValidTo', `The period ended before ${today}: past periods never change`);
  }
  const nextStart = dayAfter(statutoryPeriodOf(period.figure, today).validTo);
  if (period.validFrom > nextStart) {
    throw fieldError(
      'ValidFrom',
      `Only the running period or the next one (from ${nextStart}) can be added; a later one is not published yet`,
    );
  }

  const added = await db.transaction(async (tx) => {
    const { periods } = await loadRegulatoryFigures(tx);
    const known = () => conflict('A figure for this period exists already; periods never change');
    if (periods.some((existing) => periodKey(existing) === periodKey(period))) throw known();
    const row = await insertRegulatoryFigure(tx, { ...period, createdBy: auditActorLabel(caller) });
    if (!row) throw known();
    await recordAudit(tx, {
      actor: caller,
      action: 'regulatoryFigure.create',
      subjectType: 'regulatory-figure',
      subjectId: row.id,
      country: period.country,
      details: {
        figure: period.figure,
        value: period.value,
        validFrom: period.validFrom,
        validTo: period.validTo,
        source: period.source,
      },
      at: now,
    });
    return periodView(period, row, period.validFrom <= today && today <= period.validTo);
  });
  // Examples on this instance use the new period from the next request on.
  cache.delete(db);
  return added;
}
