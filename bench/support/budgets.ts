/**
 * The pages' JavaScript budgets, gzipped, read by the weight and Lighthouse benchmarks. `/apply`'s counts React 19,
 * which the product was asked for: 150 KB was set for Preact, 210 KB for React with the country combobox in the
 * first press, 165 KB without it (docs/performance.md (former decision 225), 242).
 */
export const JS_BUDGET_KB: Readonly<Record<string, number>> = { '/': 90, '/apply': 165 };
