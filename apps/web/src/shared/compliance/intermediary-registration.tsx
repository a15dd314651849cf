import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';

// CCD2 arts. 37–38 (issue 34 item 6, ADR 0064; DK: markedsføringsloven § 18, stk. 4; NO:
// låneformidlingsloven): every brand page names the company's licence or registration as a credit
// intermediary with its country's authority, links to the register, and says whether the company is tied
// to a lender. The facts are the brand registry's (`organisation.registration`, `tiedToLender`), which the
// API refuses to start without; the words are compliance.registration.*.

export function IntermediaryRegistration() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { name, registration, tiedToLender } = brand.organisation;
  return (
    <div className="intermediary-registration" data-testid="intermediary-registration">
      <p>
        {t('compliance.registration.registered', {
          company: name,
          authority: registration.authority,
          number: registration.registrationNumber,
        })}{' '}
        {t('compliance.registration.registerLabel')}{' '}
        <a
          href={registration.registerUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="intermediary-register-link"
        >
          {registration.register}
        </a>
      </p>
      <p data-testid="intermediary-tied" data-tied={tiedToLender}>
        {tiedToLender ? t('compliance.registration.tied') : t('compliance.registration.notTied')}
      </p>
    </div>
  );
}
