// Worker-thread entry of the password strength estimate (see password-strength.ts).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

// Levenshtein matching is off: with it a single estimate took up to 2 s.
const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});

export type StrengthTask = { password: string; userInputs: string[] };
export type Strength = { score: number; warning: string | null; suggestions: string[] };

export default function estimate({ password, userInputs }: StrengthTask): Strength {
  const result = estimator.check(password, userInputs);
  return { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions };
}
