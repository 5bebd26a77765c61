// Every path of the web app, in one typed place for both sides: the web's routes
// and links, and the server's links in notifications and e-mails. A page that
// moves changes here, and both follow.

/** The My Grants page's sections (their element ids), for links straight to one. */
export const myGrantsSections = {
  applications: 'applications',
  active: 'active-grants',
  saved: 'saved-grants',
  deadlines: 'upcoming-deadlines',
} as const;
export type MyGrantsSection = keyof typeof myGrantsSections;

export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  getStarted: '/get-started',
  requestDemo: '/request-demo',
  noAccount: '/no-account',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  acceptInvite: '/accept-invite',
  /** The link in a password-reset e-mail. */
  resetPasswordWith: (token: string) => `/reset-password?token=${encodeURIComponent(token)}`,
  /** The link in an invitation e-mail. */
  acceptInviteWith: (token: string) => `/accept-invite?token=${encodeURIComponent(token)}`,
  /** The page a newsletter's unsubscribe link opens. */
  newsletterUnsubscribe: (token: string) => `/newsletters/unsubscribe/${encodeURIComponent(token)}`,
  researcher: {
    root: '/dashboard',
    home: '/dashboard',
    search: '/dashboard/search',
    messages: '/dashboard/message',
    conversation: (id: string) => `/dashboard/message?c=${encodeURIComponent(id)}`,
    grants: '/dashboard/grants',
    grantsSection: (section: MyGrantsSection) => `/dashboard/grants#${myGrantsSections[section]}`,
    profile: '/dashboard/profile',
    /** My profile with its editor open (where research areas are set). */
    editProfile: '/dashboard/profile?edit=1',
    setup: '/dashboard/setup',
    settings: '/dashboard/settings',
    notifications: '/dashboard/notifications',
    /** Funding newsletters the research office sent me, and one to read. */
    newsletters: '/dashboard/newsletters',
    newsletter: (id: string) => `/dashboard/newsletters/${encodeURIComponent(id)}`,
    grant: (id: string) => `/dashboard/grant/${encodeURIComponent(id)}`,
    person: (id: string) => `/dashboard/researcher/${encodeURIComponent(id)}`,
    application: (id: string) => `/dashboard/applications/${encodeURIComponent(id)}`,
    /** A limited call's review page, for a researcher the office invited to review (decision 061). */
    limitedSubmission: (id: string) => `/dashboard/limited-submissions/${encodeURIComponent(id)}`,
  },
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    search: '/admin/search',
    messages: '/admin/message',
    conversation: (id: string) => `/admin/message?c=${encodeURIComponent(id)}`,
    manage: '/admin/manage',
    grants: '/admin/grants',
    /** The applications waiting for the office's internal review, each with Approve and Return. */
    review: '/admin/review',
    settings: '/admin/settings',
    notifications: '/admin/notifications',
    /** The office's funding newsletters and their composer. */
    newsletters: '/admin/newsletters',
    researcher: (id: string) => `/admin/researcher/${encodeURIComponent(id)}`,
    grant: (id: string) => `/admin/grant/${encodeURIComponent(id)}`,
    application: (id: string) => `/admin/applications/${encodeURIComponent(id)}`,
    /** The institution's limited calls, and one call's review page (decision 061). */
    limitedSubmissions: '/admin/limited-submissions',
    limitedSubmission: (id: string) => `/admin/limited-submissions/${encodeURIComponent(id)}`,
  },
} as const;

export type AreaRole = 'researcher' | 'admin';

/** The paths of one role's area (what both areas have: search, messages, settings, …). */
export function areaPaths(role: AreaRole) {
  return role === 'admin' ? paths.admin : paths.researcher;
}

/** Settings → Notifications of a role's area. */
export function notificationSettingsPath(role: AreaRole): string {
  return `${areaPaths(role).settings}#notifications`;
}

/** Where a signed-in user of this role lands by default. */
export function roleHomePath(role: AreaRole): string {
  return role === 'admin' ? paths.admin.dashboard : paths.researcher.home;
}

/** The sign-in page, remembering where to come back to. */
export function loginPath(next?: string): string {
  return next ? `${paths.login}?next=${encodeURIComponent(next)}` : paths.login;
}
