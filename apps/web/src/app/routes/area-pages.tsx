// Signed-in pages that later releases fill in. Each says plainly what is coming.
import { paths } from '../../config/paths';
import { AreaNotFound } from '../../features/shell/components/area-not-found';
import { BeingBuilt } from '../../features/shell/components/being-built';
import { ResearcherHome as ResearcherHomeView } from '../../features/shell/components/researcher-home';
import { useShellUser } from '../layouts/shell-context';

export function ResearcherHome() {
  return <ResearcherHomeView user={useShellUser()} />;
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
