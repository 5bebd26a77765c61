// The review queue: the applications waiting for the office's internal review,
// approved or returned from their cards (pipeline).
import { paths } from '../../config/paths';
import { ReviewQueuePage } from '../../features/pipeline/components/review-queue-page';

export function Component() {
  return (
    <ReviewQueuePage
      paths={{
        application: paths.admin.application,
        person: paths.admin.researcher,
        grants: paths.admin.grants,
      }}
    />
  );
}
