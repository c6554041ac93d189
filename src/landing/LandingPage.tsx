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

/** The landing page, sections in the order of SPEC §2.1. */
export function LandingPage() {
  return (
    <>
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
      <Footer />
    </>
  );
}
