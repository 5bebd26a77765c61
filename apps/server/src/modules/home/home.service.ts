// The researcher's home: the view they chose (feed or stat view) and the stat
// view, composed from the pipeline's own lists (the same ones My Grants
// shows) and the contract's one rule for upcoming deadlines, so every number
// here is the number on the pipeline pages.
import { todayIso } from '@grantbridge/contract/days';
import { inProgressStages, upcomingDeadlines, type DashboardResponse, type HomeView } from '@grantbridge/contract/home';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Actor } from '../../plugins/types';
import { documentsOf } from '../documents/documents.service';
import { getMyApplications, listSavedGrants } from '../applications/applications.service';
import { suggestGrants } from '../search/search.service';
import { findHomeView, upsertHomeView } from './home.repository';

const recommendedCount = 4;
const listedDeadlines = 8;

function requireResearcher(actor: Actor) {
  if (actor.role !== 'researcher') throw new AppError('forbidden', 'The home page is a researcher’s.');
}

export async function getHomeView(db: Db, userId: string): Promise<HomeView> {
  return (await findHomeView(db, userId)) ?? 'feed';
}

export async function setHomeView(db: Db, actor: Actor, view: HomeView) {
  requireResearcher(actor);
  await upsertHomeView(db, actor.id, view);
  return { view };
}

export async function getDashboard(db: Db, actor: Actor, today = todayIso()): Promise<DashboardResponse> {
  requireResearcher(actor);
  const [view, applications, saved, recommendedGrants] = await Promise.all([
    getHomeView(db, actor.id),
    getMyApplications(db, actor),
    listSavedGrants(db, actor.id),
    suggestGrants(db, actor, recommendedCount),
  ]);
  const open = new Set<string>(inProgressStages);
  const inProgress = applications.filter((a) => open.has(a.status));
  const active = applications.filter((a) => a.status === 'awarded');
  const deadlines = upcomingDeadlines(applications, saved, today);
  const applicationsInProgress = await Promise.all(
    inProgress.map(async (a) => ({
      ...a,
      checklist: (await documentsOf(db, a.id)).map(({ id, name, status }) => ({ id, name, status })),
    })),
  );
  return {
    view,
    stats: {
      activeGrants: active.length,
      savedGrants: saved.length,
      applicationsInProgress: inProgress.length,
      upcomingDeadlines: deadlines.length,
    },
    activeGrants: active,
    savedGrants: saved,
    applicationsInProgress,
    upcomingDeadlines: deadlines.slice(0, listedDeadlines),
    recommendedGrants,
  };
}
