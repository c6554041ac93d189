/** The landing page's anchored sections in the order docs/product.md §2.1 lists them. */
export const LANDING_SECTIONS = [
  'hero',
  'about',
  'gant',
  'curriculum',
  'services',
  'faculty',
  'testimonial',
  'clients',
  'whatsItGonnaBe',
  'faq',
  'footer',
];
