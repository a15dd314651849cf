import {
  type RegulatoryFiguresView,
  regulatoryFiguresViewSchema,
} from '@nordloan/domain/finance/regulatory-figures.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseWith, request } from '#src/shared/api/http.ts';

// GET /backoffice/regulatory-figures → the periods of the dated figures (reference rates, price base
// amount), the figures and caps in force today per country, and the periods staff must enter (issue 39).
// Without a country: every country the agent may read.

export type RegulatoryFigures = RegulatoryFiguresView;

export async function getRegulatoryFigures(): Promise<RegulatoryFigures> {
  return parseWith(regulatoryFiguresViewSchema)(await request('GET', '/backoffice/regulatory-figures'));
}

export const regulatoryFiguresQueryOptions = () =>
  queryOptions({
    queryKey: ['regulatory-figures'],
    queryFn: getRegulatoryFigures,
    // The reminders move with the calendar day; an hour is fresh enough.
    staleTime: 60 * 60_000,
  });

export function useRegulatoryFigures(options: { enabled: boolean }) {
  return useQuery({ ...regulatoryFiguresQueryOptions(), enabled: options.enabled });
}
