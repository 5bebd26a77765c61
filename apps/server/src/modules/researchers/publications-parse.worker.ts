// Worker-thread entry of the publication parser (see lib/worker-pool.ts).
import { parsePublications } from './publications-parse';

export default function parse(text: string) {
  return parsePublications(text);
}
