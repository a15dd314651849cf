import type { Locale } from '@nordloan/domain/enums';
import { messages as applyDaDK } from '#src/features/apply/messages/da-DK.ts';
import { messages as applyFiFI } from '#src/features/apply/messages/fi-FI.ts';
import { messages as applyNbNO } from '#src/features/apply/messages/nb-NO.ts';
import { messages as applySvSE } from '#src/features/apply/messages/sv-SE.ts';
import { messages as approvalOddsDaDK } from '#src/features/approval-odds/messages/da-DK.ts';
import { messages as approvalOddsLinkDaDK } from '#src/features/approval-odds/messages/entry/da-DK.ts';
import { messages as approvalOddsLinkFiFI } from '#src/features/approval-odds/messages/entry/fi-FI.ts';
import { messages as approvalOddsLinkNbNO } from '#src/features/approval-odds/messages/entry/nb-NO.ts';
import { messages as approvalOddsLinkSvSE } from '#src/features/approval-odds/messages/entry/sv-SE.ts';
import { messages as approvalOddsFiFI } from '#src/features/approval-odds/messages/fi-FI.ts';
import { messages as approvalOddsNbNO } from '#src/features/approval-odds/messages/nb-NO.ts';
import { messages as approvalOddsSvSE } from '#src/features/approval-odds/messages/sv-SE.ts';
import { messages as bankDataDaDK } from '#src/features/bank-data/messages/da-DK.ts';
import { messages as bankDataFiFI } from '#src/features/bank-data/messages/fi-FI.ts';
import { messages as bankDataNbNO } from '#src/features/bank-data/messages/nb-NO.ts';
import { messages as bankDataSvSE } from '#src/features/bank-data/messages/sv-SE.ts';
import { messages as debtRegisterDaDK } from '#src/features/debt-register/messages/da-DK.ts';
import { messages as debtRegisterFiFI } from '#src/features/debt-register/messages/fi-FI.ts';
import { messages as debtRegisterNbNO } from '#src/features/debt-register/messages/nb-NO.ts';
import { messages as debtRegisterSvSE } from '#src/features/debt-register/messages/sv-SE.ts';
import { messages as insuranceDaDK } from '#src/features/insurance/messages/da-DK.ts';
import { messages as insuranceFiFI } from '#src/features/insurance/messages/fi-FI.ts';
import { messages as insuranceNbNO } from '#src/features/insurance/messages/nb-NO.ts';
import { messages as insuranceSvSE } from '#src/features/insurance/messages/sv-SE.ts';
import { messages as agreementSigningDaDK } from '#src/features/my-page/agreement-signing/messages/da-DK.ts';
import { messages as agreementSigningFiFI } from '#src/features/my-page/agreement-signing/messages/fi-FI.ts';
import { messages as agreementSigningNbNO } from '#src/features/my-page/agreement-signing/messages/nb-NO.ts';
import { messages as agreementSigningSvSE } from '#src/features/my-page/agreement-signing/messages/sv-SE.ts';
import { messages as explainOfferDaDK } from '#src/features/my-page/explain-offer/messages/da-DK.ts';
import { messages as explainOfferFiFI } from '#src/features/my-page/explain-offer/messages/fi-FI.ts';
import { messages as explainOfferNbNO } from '#src/features/my-page/explain-offer/messages/nb-NO.ts';
import { messages as explainOfferSvSE } from '#src/features/my-page/explain-offer/messages/sv-SE.ts';
import { messages as humanReviewDaDK } from '#src/features/my-page/human-review/messages/da-DK.ts';
import { messages as humanReviewFiFI } from '#src/features/my-page/human-review/messages/fi-FI.ts';
import { messages as humanReviewNbNO } from '#src/features/my-page/human-review/messages/nb-NO.ts';
import { messages as humanReviewSvSE } from '#src/features/my-page/human-review/messages/sv-SE.ts';
import { messages as myPageDaDK } from '#src/features/my-page/messages/da-DK.ts';
import { messages as myPageFiFI } from '#src/features/my-page/messages/fi-FI.ts';
import { messages as myPageNbNO } from '#src/features/my-page/messages/nb-NO.ts';
import { messages as myPageSvSE } from '#src/features/my-page/messages/sv-SE.ts';
import { messages as myDataDaDK } from '#src/features/my-page/my-data/messages/da-DK.ts';
import { messages as myDataFiFI } from '#src/features/my-page/my-data/messages/fi-FI.ts';
import { messages as myDataNbNO } from '#src/features/my-page/my-data/messages/nb-NO.ts';
import { messages as myDataSvSE } from '#src/features/my-page/my-data/messages/sv-SE.ts';
import { messages as rateWatchDaDK } from '#src/features/my-page/rate-watch/messages/da-DK.ts';
import { messages as rateWatchFiFI } from '#src/features/my-page/rate-watch/messages/fi-FI.ts';
import { messages as rateWatchNbNO } from '#src/features/my-page/rate-watch/messages/nb-NO.ts';
import { messages as rateWatchSvSE } from '#src/features/my-page/rate-watch/messages/sv-SE.ts';
import { messages as refinancingDaDK } from '#src/features/my-page/refinancing/messages/da-DK.ts';
import { messages as refinancingFiFI } from '#src/features/my-page/refinancing/messages/fi-FI.ts';
import { messages as refinancingNbNO } from '#src/features/my-page/refinancing/messages/nb-NO.ts';
import { messages as refinancingSvSE } from '#src/features/my-page/refinancing/messages/sv-SE.ts';
import { messages as creditWithdrawalDaDK } from '#src/features/my-page/withdrawal/messages/da-DK.ts';
import { messages as creditWithdrawalFiFI } from '#src/features/my-page/withdrawal/messages/fi-FI.ts';
import { messages as creditWithdrawalNbNO } from '#src/features/my-page/withdrawal/messages/nb-NO.ts';
import { messages as creditWithdrawalSvSE } from '#src/features/my-page/withdrawal/messages/sv-SE.ts';
import { messages as complianceDaDK } from '#src/shared/compliance/messages/da-DK.ts';
import { messages as complianceFiFI } from '#src/shared/compliance/messages/fi-FI.ts';
import { messages as complianceNbNO } from '#src/shared/compliance/messages/nb-NO.ts';
import { messages as complianceSvSE } from '#src/shared/compliance/messages/sv-SE.ts';

// Features keep their texts beside their code; the app layer (which may import features) merges them into
// the translation resources, each under its own key: `t('apply.…')`, `t('offers.…')`.
export const featureMessagesByLocale: Record<Locale, Record<string, unknown>> = {
  'nb-NO': {
    approvalOdds: approvalOddsNbNO,
    approvalOddsLink: approvalOddsLinkNbNO,
    bankData: bankDataNbNO,
    debtRegister: debtRegisterNbNO,
    agreementSigning: agreementSigningNbNO,
    humanReview: humanReviewNbNO,
    explainOffer: explainOfferNbNO,
    creditWithdrawal: creditWithdrawalNbNO,
    refinancing: refinancingNbNO,
    rateWatch: rateWatchNbNO,
    apply: applyNbNO,
    offers: myPageNbNO,
    insuranceJourney: insuranceNbNO,
    compliance: complianceNbNO,
    myData: myDataNbNO,
  },
  'sv-SE': {
    approvalOdds: approvalOddsSvSE,
    approvalOddsLink: approvalOddsLinkSvSE,
    bankData: bankDataSvSE,
    debtRegister: debtRegisterSvSE,
    agreementSigning: agreementSigningSvSE,
    humanReview: humanReviewSvSE,
    explainOffer: explainOfferSvSE,
    creditWithdrawal: creditWithdrawalSvSE,
    refinancing: refinancingSvSE,
    rateWatch: rateWatchSvSE,
    apply: applySvSE,
    offers: myPageSvSE,
    insuranceJourney: insuranceSvSE,
    compliance: complianceSvSE,
    myData: myDataSvSE,
  },
  'fi-FI': {
    approvalOdds: approvalOddsFiFI,
    approvalOddsLink: approvalOddsLinkFiFI,
    bankData: bankDataFiFI,
    debtRegister: debtRegisterFiFI,
    agreementSigning: agreementSigningFiFI,
    humanReview: humanReviewFiFI,
    explainOffer: explainOfferFiFI,
    creditWithdrawal: creditWithdrawalFiFI,
    refinancing: refinancingFiFI,
    rateWatch: rateWatchFiFI,
    apply: applyFiFI,
    offers: myPageFiFI,
    insuranceJourney: insuranceFiFI,
    compliance: complianceFiFI,
    myData: myDataFiFI,
  },
  'da-DK': {
    approvalOdds: approvalOddsDaDK,
    approvalOddsLink: approvalOddsLinkDaDK,
    bankData: bankDataDaDK,
    debtRegister: debtRegisterDaDK,
    agreementSigning: agreementSigningDaDK,
    humanReview: humanReviewDaDK,
    explainOffer: explainOfferDaDK,
    creditWithdrawal: creditWithdrawalDaDK,
    refinancing: refinancingDaDK,
    rateWatch: rateWatchDaDK,
    apply: applyDaDK,
    offers: myPageDaDK,
    insuranceJourney: insuranceDaDK,
    compliance: complianceDaDK,
    myData: myDataDaDK,
  },
};
