// An application's pipeline stage as its chip (pipeline), for features that
// list applications without knowing the pipeline's vocabulary (admin).
import { Chip } from '../../components/ui/chip';
import {
  applicationStatusLabel,
  applicationStatusTone,
} from '../../features/pipeline/utils/application-status';

export function renderApplicationStatus(status: string) {
  return <Chip tone={applicationStatusTone(status)}>{applicationStatusLabel(status)}</Chip>;
}
