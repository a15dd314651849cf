import { callOutcomes, workQueueRules } from '@nordloan/domain/backoffice';
import { screeningStates, waitingForValues, waitingOnValues } from '@nordloan/domain/backoffice-case-summary';
import {
  debtTypes,
  educationLevels,
  employmentTypes,
  expenseCategories,
  industries,
  jobLevels,
  livingSituations,
  loanPurposes,
  maritalStatuses,
  products,
  propertyHousingTypes,
} from '@nordloan/domain/enum-values';
import { quoteStatuses } from '@nordloan/domain/lending/loan-quote.schema';
import { applicationStatusCodes, finerStatuses } from '@nordloan/domain/statuses';
import { describe, expect, it, vi } from 'vitest';
import { lenderStatusWords, statusWords } from '#src/shared/ui/status.tsx';
import { effectiveLanguage, i18nFor, loadLanguage } from './i18n.tsx';
import { browserLanguage, languageNames, staffLanguages } from './language.ts';
import { answerWords, messagesByLanguage } from './messages.ts';

// Issue 38: the staff app in nb, sv, fi, da and en — the language of the agent's market unless one was
// chosen — and every code the API answers (statuses, outcomes, what a case waits for, the applicant's
// answers) has words in every language, so no code ever reaches the screen.

describe('which language', () => {
  it('a language chosen in this browser wins; else the market’s; else the browser’s; else English', () => {
    expect(effectiveLanguage('en', 'NO', 'sv')).toBe('en');
    expect(effectiveLanguage(null, 'NO', 'en')).toBe('nb');
    expect(effectiveLanguage(null, 'SE', null)).toBe('sv');
    expect(effectiveLanguage(null, 'FI', null)).toBe('fi');
    expect(effectiveLanguage(null, 'DK', null)).toBe('da');
    expect(effectiveLanguage(null, undefined, 'da')).toBe('da');
    expect(effectiveLanguage(null, undefined, null)).toBe('en');
  });

  it('reads Norwegian in any spelling from the browser, and ignores languages we do not have', () => {
    const spy = vi.spyOn(navigator, 'languages', 'get');
    for (const [tags, expected] of [
      [['nb-NO'], 'nb'],
      [['no'], 'nb'],
      [['nn-NO'], 'nb'],
      [['de-DE', 'sv-SE'], 'sv'],
      [['fi'], 'fi'],
      [['de-DE'], null],
    ] as const) {
      spy.mockReturnValue(tags);
      expect(browserLanguage(), tags.join()).toBe(expected);
    }
    spy.mockRestore();
  });
});

describe('one language at a time (issue 40)', () => {
  it('loads a language’s own texts and answer words, and names each language as its catalogue does', async () => {
    for (const language of staffLanguages) {
      const i18n = await loadLanguage(language);
      expect(i18n.t).toBe(messagesByLanguage[language]);
      expect(i18n.answers).toBe(answerWords[language]);
      expect(languageNames[language]).toBe(messagesByLanguage[language].languageName);
    }
  });
});

describe.each(staffLanguages)('every code has words in %s', (language) => {
  const { t, answers } = i18nFor(language, messagesByLanguage[language], answerWords[language]);

  it('application statuses and the lenders’ finer statuses', () => {
    for (const code of applicationStatusCodes) {
      expect(t.statuses[code], `status ${code}`).toBeTruthy();
      expect(statusWords(t, code)).not.toMatch(/\d{3}/);
    }
    for (const { code, name } of finerStatuses) {
      const [phrase = '', reason] = name.split(', ');
      expect(t.lenderStatus.phrases[phrase], `${code} ${phrase}`).toBeTruthy();
      if (reason) expect(t.lenderStatus.reasons[reason], `${code} ${reason}`).toBeTruthy();
      expect(lenderStatusWords(t, code)).not.toMatch(/\d{3}/);
    }
  });

  it('products, quote statuses, call outcomes, the summary’s codes and the rule buckets', () => {
    for (const product of products) expect(t.products[product], product).toBeTruthy();
    for (const status of quoteStatuses) expect(t.quotes.status[status], status).toBeTruthy();
    for (const outcome of callOutcomes) expect(t.calls.outcomes[outcome], outcome).toBeTruthy();
    for (const on of waitingOnValues) expect(t.waitingOn[on], on).toBeTruthy();
    for (const what of waitingForValues) {
      if (what !== 'closed') expect(t.waitingFor[what], what).toBeTruthy();
    }
    for (const state of screeningStates) expect(t.screeningStates[state], state).toBeTruthy();
    for (const rule of workQueueRules) expect(t.bucketNames[rule.rule], rule.rule).toBeTruthy();
  });

  it('the applicant’s own answers', () => {
    const groups = {
      maritalStatus: maritalStatuses,
      education: educationLevels,
      livingSituation: livingSituations,
      housingType: propertyHousingTypes,
      employmentType: employmentTypes,
      industry: industries,
      jobLevel: jobLevels,
      loanPurpose: loanPurposes,
      debtType: debtTypes,
      expenseCategory: expenseCategories.map((category) => String(category.id)),
    } as const;
    for (const [group, values] of Object.entries(groups)) {
      for (const value of values) {
        expect(answers[group as keyof typeof groups][value], `${group} ${value}`).toBeTruthy();
      }
    }
    expect(Object.keys(answerWords)).toEqual(expect.arrayContaining([...staffLanguages]));
  });
});
