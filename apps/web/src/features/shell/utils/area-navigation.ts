// Sidebar entries and header titles of the two signed-in areas.
import {
  ClipboardCheck,
  FolderKanban,
  LayoutDashboard,
  MessagesSquare,
  Newspaper,
  Search,
  Settings,
  UserRound,
  UsersRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { paths, type AreaRole } from '../../../config/paths';

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  /** A count shown beside the label (e.g. unread messages); hidden when 0. */
  badge?: number;
};
export type AreaNavigation = { primary: NavItem[]; secondary: NavItem[] };

export const areaNavigation: Record<AreaRole, AreaNavigation> = {
  researcher: {
    primary: [
      { to: paths.researcher.home, label: 'Dashboard', icon: LayoutDashboard, end: true },
      { to: paths.researcher.search, label: 'Search', icon: Search },
      { to: paths.researcher.messages, label: 'Messages', icon: MessagesSquare },
      { to: paths.researcher.grants, label: 'Grants', icon: FolderKanban },
      { to: paths.researcher.newsletters, label: 'Newsletters', icon: Newspaper },
    ],
    secondary: [
      { to: paths.researcher.profile, label: 'Profile', icon: UserRound },
      { to: paths.researcher.settings, label: 'Settings', icon: Settings },
    ],
  },
  admin: {
    primary: [
      { to: paths.admin.dashboard, label: 'Dashboard', icon: LayoutDashboard },
      { to: paths.admin.search, label: 'Search', icon: Search },
      { to: paths.admin.messages, label: 'Messages', icon: MessagesSquare },
      { to: paths.admin.manage, label: 'Manage', icon: UsersRound },
      { to: paths.admin.grants, label: 'Grants', icon: FolderKanban },
      { to: paths.admin.review, label: 'Review', icon: ClipboardCheck },
      { to: paths.admin.newsletters, label: 'Newsletters', icon: Newspaper },
      { to: paths.admin.limitedSubmissions, label: 'Limited', icon: Users },
    ],
    secondary: [{ to: paths.admin.settings, label: 'Settings', icon: Settings }],
  },
};

const researcherTitles: [RegExp, string][] = [
  [/^\/dashboard\/?$/, 'Dashboard'],
  [/^\/dashboard\/search\/?$/, 'Search Grants'],
  [/^\/dashboard\/message\/?$/, 'Messages'],
  [/^\/dashboard\/grants\/?$/, 'Grants'],
  [/^\/dashboard\/grant\/[^/]+\/?$/, 'Grant Details'],
  [/^\/dashboard\/applications\/[^/]+\/?$/, 'Application'],
  [/^\/dashboard\/profile\/?$/, 'Profile'],
  [/^\/dashboard\/setup\/?$/, 'Set Up Your Profile'],
  [/^\/dashboard\/researcher\/[^/]+\/?$/, 'Researcher Profile'],
  [/^\/dashboard\/settings\/?$/, 'Settings'],
  [/^\/dashboard\/notifications\/?$/, 'Notifications'],
  [/^\/dashboard\/newsletters(?:\/[^/]+)?\/?$/, 'Newsletters'],
  [/^\/dashboard\/limited-submissions\/[^/]+\/?$/, 'Limited Submission Review'],
];

const adminTitles: [RegExp, string][] = [
  [/^\/admin\/dashboard\/?$/, 'Admin Dashboard'],
  [/^\/admin\/search\/?$/, 'Search Grants'],
  [/^\/admin\/message\/?$/, 'Messages'],
  [/^\/admin\/manage\/?$/, 'Manage Researchers'],
  [/^\/admin\/researcher\/[^/]+\/?$/, 'Researcher Profile'],
  [/^\/admin\/grant\/[^/]+\/?$/, 'Grant Details'],
  [/^\/admin\/grants\/?$/, 'Grant Status'],
  [/^\/admin\/review\/?$/, 'Review Queue'],
  [/^\/admin\/limited-submissions\/?$/, 'Limited Submissions'],
  [/^\/admin\/limited-submissions\/[^/]+\/?$/, 'Limited Submission Review'],
  [/^\/admin\/applications\/[^/]+\/?$/, 'Application'],
  [/^\/admin\/settings\/?$/, 'Settings'],
  [/^\/admin\/notifications\/?$/, 'Notifications'],
  [/^\/admin\/newsletters\/?$/, 'Newsletters'],
];

/** The header title for a path in an area; unknown paths are "Page not found". */
export function areaTitle(area: AreaRole, pathname: string): string {
  const titles = area === 'admin' ? adminTitles : researcherTitles;
  return titles.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Page not found';
}

/** Pages that name the browser tab themselves (a grant's page, by the grant's title). */
const selfTitled = [/^\/(?:dashboard|admin)\/grant\/[^/]+\/?$/];

export function pageTitlesItself(pathname: string): boolean {
  return selfTitled.some((pattern) => pattern.test(pathname));
}
