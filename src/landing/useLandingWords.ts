import { createContext, useContext } from 'react';
import { BUILT_LANDING_WORDS, type LandingWords } from '../../machines/rules/landingWords';

/**
 * The FAQ's and the key information cards' words, as published (decision 246): the server renders those two parts
 * with them, and the browser hydrates with the same (`#root[data-words]`, else the build's).
 */
export const LandingWordsContext = createContext<LandingWords>(BUILT_LANDING_WORDS);

export const useLandingWords = (): LandingWords => useContext(LandingWordsContext);

/** At build time: the two parts are left as placeholders, for the server to render (server/landingPage.ts). */
export const WordsLeftOutContext = createContext(false);
