import type { StaffLanguage } from './language.ts';
import { answerWords } from './messages/answer-words.ts';
import { da } from './messages/da.ts';
import { en } from './messages/en.ts';
import { fi } from './messages/fi.ts';
import { nb } from './messages/nb.ts';
import { sv } from './messages/sv.ts';

// The staff app's texts per language. English (messages/en.ts) gives the shape; each language is typed by
// it, so a key missing in one language, or a function taking other arguments, fails the typecheck.

/** The shape of a language's texts: English's, with every string widened to string. */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { [K in keyof T]: Widen<T[K]> };
export type Messages = Widen<typeof en>;

// Only the tests import this file: the app loads one language at a time (i18n.tsx loadLanguage).
export const messagesByLanguage: Record<StaffLanguage, Messages> = { nb, sv, fi, da, en };

export { answerWords };
