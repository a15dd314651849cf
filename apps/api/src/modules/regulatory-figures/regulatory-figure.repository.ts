import { asc } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { type RegulatoryFigureRow, regulatoryFigure } from '#src/db/schema/regulatory-figures.ts';

export type NewRegulatoryFigureRow = typeof regulatoryFigure.$inferInsert;

/** Every period added through the API, oldest first. */
export async function listStoredRegulatoryFigures(db: Executor): Promise<RegulatoryFigureRow[]> {
  return db
    .select()
    .from(regulatoryFigure)
    .orderBy(asc(regulatoryFigure.country), asc(regulatoryFigure.figure), asc(regulatoryFigure.validFrom));
}

/** Inserts a period; null when the period is there already (unique country, figure, valid_from). */
export async function insertRegulatoryFigure(
  db: Executor,
  values: NewRegulatoryFigureRow,
): Promise<RegulatoryFigureRow | null> {
  const [row] = await db.insert(regulatoryFigure).values(values).onConflictDoNothing().returning();
  return row ?? null;
}
