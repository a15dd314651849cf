import type { StaffLanguage } from '../language.ts';
import { da } from './answers/da.ts';
import { en } from './answers/en.ts';
import { fi } from './answers/fi.ts';
import { nb } from './answers/nb.ts';
import { sv } from './answers/sv.ts';

// How the applicant's own answers (the §3 enumerations: marital status, employment, industry, loan purpose,
// debt type, expense category, …) read to staff, per language. The Nordic words are the applicant app's
// (apps/web/src/features/apply/messages), copied: an app never imports another app's code. Each language's
// words are a file of their own in answers/ (a chunk the app loads with that language, issue 40); this
// file gives their shape and, for the tests, all five together.

export type AnswerGroup =
  | 'maritalStatus'
  | 'education'
  | 'livingSituation'
  | 'housingType'
  | 'employmentType'
  | 'industry'
  | 'jobLevel'
  | 'loanPurpose'
  | 'debtType'
  | 'expenseCategory';

/** One language's words for the applicant's answers. */
export type AnswerWords = Record<AnswerGroup, Record<string, string>>;

export const answerWords: Record<StaffLanguage, AnswerWords> = { en, nb, sv, fi, da };
