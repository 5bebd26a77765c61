import { useDocumentTitle } from '../../../lib/use-document-title';
import { ClosingCta } from './closing-cta';
import { FeaturesSection } from './features-section';
import { HomeHero } from './home-hero';
import { StatsBand } from './stats-band';

export function HomePage() {
  useDocumentTitle('Grant discovery and research collaboration');
  return (
    <>
      <HomeHero />
      <StatsBand />
      <FeaturesSection />
      <ClosingCta />
    </>
  );
}
