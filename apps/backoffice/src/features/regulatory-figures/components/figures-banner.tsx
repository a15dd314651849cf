import { Link } from 'react-router';
import { useRegulatoryFigures } from '#src/features/regulatory-figures/api/get-regulatory-figures.ts';
import { reminderText } from '#src/features/regulatory-figures/model/figure-text.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';

// Issue 39: a country's Managers (who may enter figures) see, on every page, each period they must enter:
// one running without a figure, or one starting within 30 days that is not known yet — with its dates and
// where the authority publishes it. Others see nothing here; a failed read shows nothing either (the
// figures page says why).

export function FiguresBanner({ manageCountries }: { manageCountries: readonly string[] }) {
  const { t } = useI18n();
  const figures = useRegulatoryFigures({ enabled: manageCountries.length > 0 });
  const reminders = (figures.data?.Reminders ?? []).filter((reminder) =>
    manageCountries.includes(reminder.Country),
  );
  if (reminders.length === 0) return null;
  const missing = reminders.some((reminder) => reminder.Kind === 'missing');
  return (
    <section
      className={`figures-banner${missing ? ' figures-banner-missing' : ''}`}
      aria-labelledby="figures-banner-heading"
      data-testid="figures-banner"
    >
      <h2 id="figures-banner-heading">{t.figures.bannerTitle}</h2>
      <ul>
        {reminders.map((reminder) => (
          <li key={`${reminder.Kind}-${reminder.Country}-${reminder.Figure}-${reminder.ValidFrom}`}>
            {reminderText(t, reminder)} <span className="hint">{reminder.WhereToFind}</span>
          </li>
        ))}
      </ul>
      <Link to="/regulatory-figures">{t.figures.bannerLink}</Link>
    </section>
  );
}
