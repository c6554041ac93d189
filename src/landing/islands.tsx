import { useContext, type ComponentType } from 'react';
import { LANDING_WORDS_PLACEHOLDERS } from '../../machines/rules/landingWords';
import { About } from './sections/About';
import { Curriculum } from './sections/Curriculum';
import { Faculty } from './sections/Faculty';
import { Faq } from './sections/Faq';
import { Header } from './sections/Header';
import { Hero } from './sections/Hero';
import { KeyInformation } from './sections/KeyInformation';
import { Partners } from './sections/Partners';
import { Testimonials } from './sections/Testimonials';
import { WordsLeftOutContext } from './useLandingWords';

/**
 * The landing page's parts that answer to a press or to the width: each is hydrated on its own
 * (src/landing/hydrate.tsx, with the parts of src/landing/islandParts.ts), the header and the hero once the page has
 * loaded, every other one as it comes near the screen. The parts not named here (Why Apply, the closing call, the
 * footer) are plain HTML and never hydrated (docs/decisions/018-landing-page.md).
 */
export const islands = {
  header: Header,
  hero: Hero,
  about: About,
  keyInformation: KeyInformation,
  curriculum: Curriculum,
  faculty: Faculty,
  testimonials: Testimonials,
  partners: Partners,
  faq: Faq,
} satisfies Record<string, ComponentType>;

export type IslandName = keyof typeof islands;

/** The element an island is hydrated into; it makes no box of its own (landing.css `.island`). */
export function Island({ name }: { name: IslandName }) {
  const Part = islands[name];
  // The build leaves the parts with an admin's words to the server (decision 246).
  const leftOut = useContext(WordsLeftOutContext) && (name === 'faq' || name === 'keyInformation');
  return (
    <div className="island" data-island={name}>
      {leftOut ? LANDING_WORDS_PLACEHOLDERS[name] : <Part />}
    </div>
  );
}
