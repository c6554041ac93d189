import type { ComponentType } from 'react';
import { About } from './sections/About';
import { Curriculum } from './sections/Curriculum';
import { Faq } from './sections/Faq';
import { Header } from './sections/Header';
import { Hero } from './sections/Hero';
import { KeyInformation } from './sections/KeyInformation';
import type { IslandName } from './islands';

/** Hydrated at once: what the first screen shows. */
export const EAGER_ISLANDS: readonly IslandName[] = ['header', 'hero'];

const now = (part: ComponentType) => () => Promise.resolve(part);

/**
 * What src/landing/hydrate.tsx hydrates each island with (the same components as `islands`, src/landing/islands.tsx).
 * The sliders' islands are fetched as they come near the screen, with keen-slider and its stylesheet: a visit that
 * never scrolls to them never loads a slider, and `/`'s first scripts do not carry it.
 */
export const islandParts: Record<IslandName, () => Promise<ComponentType>> = {
  header: now(Header),
  hero: now(Hero),
  about: now(About),
  keyInformation: now(KeyInformation),
  curriculum: now(Curriculum),
  faculty: () => import('./sections/Faculty').then((part) => part.Faculty),
  testimonials: () => import('./sections/Testimonials').then((part) => part.Testimonials),
  partners: () => import('./sections/Partners').then((part) => part.Partners),
  faq: now(Faq),
};
