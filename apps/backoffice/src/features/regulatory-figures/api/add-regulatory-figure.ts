import type { RegulatedCountry, RegulatoryFigureKind } from '@nordloan/domain/finance/regulatory-figures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '#src/shared/api/http.ts';

// POST /backoffice/regulatory-figures: a country's Manager (or Super) enters the running or the next
// period of a figure, with the authority's notice as its source. Audited; a period is entered once.

export interface NewRegulatoryFigure {
  Country: RegulatedCountry;
  Figure: RegulatoryFigureKind;
  Value: number;
  ValidFrom: string;
  ValidTo: string;
  Source: string;
}

export const addRegulatoryFigure = (body: NewRegulatoryFigure) =>
  request('POST', '/backoffice/regulatory-figures', { body });

export function useAddRegulatoryFigure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRegulatoryFigure,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['regulatory-figures'] }),
  });
}
