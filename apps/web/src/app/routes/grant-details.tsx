import { useLocation, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { GrantPage } from '../../features/grants/components/grant-page';
import { restoreResultsState, type ResultsBackState } from '../../features/search/hooks/use-results-scroll';
import { CollaboratorsPanel } from '../../features/matching/components/collaborators-panel';
import {
  ApplicationPanel,
  BookmarkButton,
  InstitutionApplicationsPanel,
} from '../../features/pipeline/components/grant-actions';
import { ShareInMessagesButton } from '../../features/messaging/components/share-in-messages';
import { InviteToTeamButton } from '../../features/pipeline/components/invite-to-team';
import { PreProposalPanel } from '../../features/limited-submissions/components/pre-proposal-panel';
import { OfficeLimitedPanel } from '../../features/limited-submissions/components/office-limited-panel';
import { useShellUser } from '../layouts/shell-context';
import { MessageButton } from './message-button';

// The grant page (grants) with the viewer's bookmark and application (pipeline)
// and recommended collaborators (matching).
export function Component() {
  const { id = '' } = useParams();
  const me = useShellUser();
  const admin = me.role === 'admin';
  // Opened from a search result: back returns to those very results (search,
  // filters, sort, page and scroll), not to a blank search.
  const backTo = (useLocation().state as Partial<ResultsBackState> | null)?.backTo;
  const searchPath = admin ? paths.admin.search : paths.researcher.search;
  const fromSearch =
    typeof backTo === 'string' && (backTo === searchPath || backTo.startsWith(`${searchPath}?`));
  return (
    <GrantPage
      // A new grant is a new page: collaborator highlight and dialogs start afresh.
      key={id}
      grantId={id}
      back={
        fromSearch
          ? { to: backTo, label: 'Back to results', state: restoreResultsState }
          : admin
            ? { to: paths.admin.search, label: 'Back to Search' }
            : { to: paths.researcher.grants, label: 'Back to Grants' }
      }
      // The research office applies through its researchers: it sees theirs instead (issue 12).
      renderBookmark={(grant) => (admin ? null : <BookmarkButton grant={grant} />)}
      renderShare={(grant) => <ShareInMessagesButton grant={grant} userId={me.id} />}
      renderApplication={(grant) =>
        admin ? (
          <>
            {grant.viewer.limitedSubmission ? <OfficeLimitedPanel line={grant.viewer.limitedSubmission} /> : null}
            <InstitutionApplicationsPanel grant={grant} applicationPath={paths.admin.application} />
          </>
        ) : grant.viewer.limitedSubmission && !grant.viewer.application ? (
          // Limited at the researcher's institution (decision 061): a pre-proposal first, instead of Apply Now.
          <PreProposalPanel grant={grant} line={grant.viewer.limitedSubmission} />
        ) : (
          <ApplicationPanel grant={grant} applicationPath={paths.researcher.application} />
        )
      }
      renderCollaborators={(grant, onHighlight) => (
        <CollaboratorsPanel
          grantId={grant.id}
          onHighlight={onHighlight}
          grantPath={admin ? paths.admin.grant : paths.researcher.grant}
          personPath={admin ? paths.admin.researcher : paths.researcher.person}
          editProfilePath={admin ? undefined : paths.researcher.editProfile}
          // From a grant to people: write to them, or ask them onto this grant's team.
          renderActions={(person) => (
            <>
              <MessageButton person={person} />
              {admin ? null : (
                <InviteToTeamButton person={person} grantId={grant.id} applicationPath={paths.researcher.application} />
              )}
            </>
          )}
        />
      )}
    />
  );
}
