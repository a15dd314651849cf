import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { formatDay, formatMoney, formatRate, splitMonths } from '#src/features/my-page/model/offer-format.ts';

/** Offer figures in the brand's locale and currency. */
export function useOfferFormat() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const locale = brand.i18n.defaultLocale;
  return {
    money: (amount: number, currency: string = brand.currency) => formatMoney(amount, locale, currency),
    rate: (percent: number) => formatRate(percent, locale),
    day: (iso: string) => formatDay(iso, locale),
    duration: (months: number) => {
      const split = splitMonths(months);
      const parts = [];
      if (split.years) parts.push(t('offers.offer.years', { count: split.years }));
      if (split.months || !split.years) parts.push(t('offers.offer.months', { count: split.months }));
      return parts.join(' ');
    },
  };
}
