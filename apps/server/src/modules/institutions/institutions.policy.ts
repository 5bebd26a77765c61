// Which institutions people may sign in at: those with a GrantBridge account
// (onboarded). The institutions list itself is public reference data; no one
// changes it through the API, so no rule names a person here.
export type SignInCandidate = { onboarded: boolean };

/** Whether people may sign in at the institution (undefined: no institution owns their e-mail's domain). */
export function acceptsSignIns<T extends SignInCandidate>(institution: T | undefined): institution is T {
  return institution?.onboarded === true;
}
