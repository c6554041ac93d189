import { About } from './sections/About';
import { ClosingCta } from './sections/ClosingCta';
import { Curriculum } from './sections/Curriculum';
import { Faculty } from './sections/Faculty';
import { Faq } from './sections/Faq';
import { Footer } from './sections/Footer';
import { Header } from './sections/Header';
import { Hero } from './sections/Hero';
import { KeyInformation } from './sections/KeyInformation';
import { Partners } from './sections/Partners';
import { Testimonials } from './sections/Testimonials';
import { WhyApply } from './sections/WhyApply';
import type { CohortLabels } from '../../machines/rules/landingCohort';
import { CohortContext } from './useCohort';

/**
 * The landing page, its sections in the product's order, quoting `cohort` (the live one, or placeholders) and the
 * contact address `contactEmail` (the configured one, or its placeholder).
 */
export function LandingPage({ cohort, contactEmail }: { cohort: CohortLabels; contactEmail: string }) {
  return (
    <CohortContext value={cohort}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main">
        <Hero />
        <About />
        <KeyInformation />
        <Curriculum />
        <WhyApply />
        <Faculty />
        <Testimonials />
        <Partners />
        <ClosingCta />
        <Faq />
      </main>
      <Footer email={contactEmail} />
    </CohortContext>
  );
}
