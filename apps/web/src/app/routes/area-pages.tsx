// The researcher's home, composed from its features; and the signed-in pages
// that later releases fill in, each saying plainly what is coming.
import { paths } from '../../config/paths';
import { AreaNotFound } from '../../features/shell/components/area-not-found';
import { BeingBuilt } from '../../features/shell/components/being-built';
import { ResearcherHome as ResearcherHomeView } from '../../features/shell/components/researcher-home';
import { useShellUser } from '../layouts/shell-context';
import { RecommendedResearchers } from '../../features/matching/components/recommended-researchers';
import { SuggestedGrants } from '../../features/pipeline/components/suggested-grants';
import { MessageButton } from './message-button';

export function ResearcherHome() {
  return (
    <ResearcherHomeView
      user={useShellUser()}
      suggestions={
        <SuggestedGrants
          paths={{ grant: paths.researcher.grant, profile: paths.researcher.profile, search: paths.researcher.search }}
        />
      }
      people={
        <RecommendedResearchers
          personPath={paths.researcher.person}
          renderActions={(person) => <MessageButton person={person} size="sm" />}
        />
      }
    />
  );
}

export function ResearcherNotFound() {
  return <AreaNotFound homePath={paths.researcher.home} />;
}

export function AdminDashboard() {
  return (
    <BeingBuilt
      title="Institution overview"
      description="The admin dashboard is being built. Soon you will see your institution's funding, open opportunities, pending applications and researcher activity here."
    />
  );
}

export function AdminNotFound() {
  return <AreaNotFound homePath={paths.admin.dashboard} />;
}
