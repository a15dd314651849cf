import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { buildTimeline, type StatusHistoryEntry } from '#src/features/my-page/model/status-timeline.ts';
import '#src/features/my-page/status-timeline.css';

/** The application's status as seven plain-word steps, with where it stands now in one sentence. */
export function StatusTimeline({
  status,
  createdAt,
  history,
}: {
  status: number | undefined;
  createdAt: string;
  history: readonly StatusHistoryEntry[] | undefined;
}) {
  const { t } = useTranslation();
  const { format } = useBrand();
  const timeline = buildTimeline(status, { createdAt, history: history ?? [] });
  return (
    <div className="timeline" data-testid="status-timeline" data-status={status}>
      <p className="timeline__now" data-testid="status-sentence">
        <strong>{t(`offers.timeline.now.${timeline.sentence}`)}</strong>
      </p>
      <ol className="timeline__steps" aria-label={t('offers.application.timelineLabel')}>
        {timeline.steps.map((step) => (
          <li
            key={step.phase}
            className={`timeline__step timeline__step--${step.state}`}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span className="timeline__label">{t(`offers.timeline.phase.${step.phase}`)}</span>
            <span className="visually-hidden"> ({t(`offers.timeline.state.${step.state}`)})</span>
            {step.reachedAt && <span className="timeline__date">{format.date(step.reachedAt)}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}
