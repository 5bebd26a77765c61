// The researcher's home, composed from its features, and each area's page for
// an unknown address.
import { useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { Chip } from '../../components/ui/chip';
import { AreaNotFound } from '../../features/shell/components/area-not-found';
import { ResearcherHome as ResearcherHomeView } from '../../features/shell/components/researcher-home';
import { useShellUser } from '../layouts/shell-context';
import { FeedPanel } from '../../features/feed/components/feed-panel';
import { HomeViewSwitch } from '../../features/home/components/home-view-switch';
import { StatView } from '../../features/home/components/stat-view';
import { useHomeView } from '../../features/home/hooks/use-dashboard';
import { RecommendedResearchers } from '../../features/matching/components/recommended-researchers';
import { SuggestedGrants } from '../../features/pipeline/components/suggested-grants';
import { applicationStatusLabel, applicationStatusTone } from '../../features/pipeline/utils/application-status';
import { MessageButton } from './message-button';

export function ResearcherHome() {
  const user = useShellUser();
  const { view: chosen, setView } = useHomeView();
  // A notice's link to a post (?post=) shows the feed, whichever view is chosen: the post is in it.
  const [search] = useSearchParams();
  const view = search.has('post') ? 'feed' : chosen;
  return (
    <ResearcherHomeView
      user={user}
      view={view}
      viewSwitch={<HomeViewSwitch view={view} onChange={setView} />}
      suggestions={
        <SuggestedGrants
          paths={{ grant: paths.researcher.grant, profile: paths.researcher.profile, search: paths.researcher.search }}
        />
      }
      feed={<FeedPanel user={user} paths={{ person: paths.researcher.person, grant: paths.researcher.grant }} />}
      people={
        <RecommendedResearchers
          personPath={paths.researcher.person}
          renderActions={(person) => <MessageButton person={person} size="sm" />}
        />
      }
      stats={
        <StatView
          paths={{
            grant: paths.researcher.grant,
            application: paths.researcher.application,
            profile: paths.researcher.profile,
            search: paths.researcher.search,
            grantsSection: paths.researcher.grantsSection,
          }}
          renderStatus={(status) => <Chip tone={applicationStatusTone(status)}>{applicationStatusLabel(status)}</Chip>}
        />
      }
    />
  );
}

export function ResearcherNotFound() {
  return <AreaNotFound homePath={paths.researcher.home} />;
}

export function AdminNotFound() {
  return <AreaNotFound homePath={paths.admin.dashboard} />;
}
