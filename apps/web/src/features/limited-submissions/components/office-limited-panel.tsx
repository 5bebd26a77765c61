// The research office's grant page for a grant it limited (decision 061): the
// Limited line and the way to the call's review page.
import { Link } from 'react-router';
import type { LimitedSubmissionLine } from '@grantbridge/contract/limited-submissions';
import { LimitedLine } from '../../../components/limited-line';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

export function OfficeLimitedPanel({ line }: { line: LimitedSubmissionLine }) {
  return (
    <div className="mt-5 space-y-3">
      <LimitedLine line={line} />
      <Link to={paths.admin.limitedSubmission(line.callId)} className={buttonClasses('secondary', 'md', 'w-full')}>
        Review the pre-proposals
      </Link>
    </div>
  );
}
