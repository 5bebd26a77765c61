// A researcher as the research office sees them (admin), with Message (messaging).
import { useParams } from 'react-router';
import { ResearcherDetail } from '../../features/admin/components/researcher-detail';
import { MessageButton } from './message-button';
import { renderApplicationStatus } from './application-status-chip';

export function Component() {
  const { id = '' } = useParams();
  return (
    <ResearcherDetail
      key={id}
      id={id}
      renderStatus={renderApplicationStatus}
      actions={(person) => <MessageButton person={person} />}
    />
  );
}
