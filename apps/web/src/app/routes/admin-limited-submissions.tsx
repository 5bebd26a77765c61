// The research office's limited submissions: its limited calls and "Mark a grant as limited" (decision 061).
import { LimitedCallsPage } from '../../features/limited-submissions/components/limited-calls-page';

export function Component() {
  return <LimitedCallsPage />;
}
