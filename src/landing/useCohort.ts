import { createContext, useContext } from 'react';
import { COHORT_PLACEHOLDERS, type CohortLabels } from '../../machines/rules/landingCohort';

/** The live cohort's words for every section that quotes them (machines/rules/landingCohort.ts). */
export const CohortContext = createContext<CohortLabels>(COHORT_PLACEHOLDERS);

export const useCohort = (): CohortLabels => useContext(CohortContext);
