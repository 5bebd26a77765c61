// "Remember me" keeps only the e-mail address in local storage, never the password.
const emailKey = 'rememberedEmail';
const flagKey = 'rememberMe';

export function readRememberedLogin(): { email: string; remember: boolean } {
  try {
    const remember = window.localStorage.getItem(flagKey) === 'true';
    return { email: remember ? (window.localStorage.getItem(emailKey) ?? '') : '', remember };
  } catch {
    return { email: '', remember: false };
  }
}

export function saveRememberedLogin(email: string, remember: boolean): void {
  try {
    if (remember) {
      window.localStorage.setItem(emailKey, email);
      window.localStorage.setItem(flagKey, 'true');
    } else {
      window.localStorage.removeItem(emailKey);
      window.localStorage.removeItem(flagKey);
    }
  } catch {
    // Storage can be unavailable (private mode, policy); signing in still works.
  }
}
