import { ClosingCta } from './sections/ClosingCta';
import { Footer } from './sections/Footer';
import { WhyApply } from './sections/WhyApply';
import type { CohortLabels } from '../../machines/rules/landingCohort';
import { Island } from './islands';
import { CohortContext } from './useCohort';

/**
 * The landing page, its sections in the product's order (the interactive ones as islands, src/landing/islands.tsx),
 * quoting `cohort` (the live one, or placeholders) and the contact address `contactEmail` (the configured one, or
 * its placeholder).
 */
export function LandingPage({ cohort, contactEmail }: { cohort: CohortLabels; contactEmail: string }) {
  return (
    <CohortContext value={cohort}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Island name="header" />
      <main id="main">
        <Island name="hero" />
        <Island name="about" />
        <Island name="keyInformation" />
        <Island name="curriculum" />
        <WhyApply />
        <Island name="faculty" />
        <Island name="testimonials" />
        <Island name="partners" />
        <ClosingCta />
        <Island name="faq" />
      </main>
      <Footer email={contactEmail} />
    </CohortContext>
  );
}
