import { expect } from 'vitest';

/** Why a person would not see `element`, or null: out of the page, or hidden by it or an ancestor. */
function hiddenBecause(element: Element): string | null {
  if (!element.isConnected) return 'it is not in the page';
  for (let node: Element | null = element; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    const what = `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}>`;
    if (node.hasAttribute('hidden')) return `${what} has the hidden attribute`;
    if (style.display === 'none') return `${what} is display: none`;
    if (style.visibility === 'hidden') return `${what} is visibility: hidden`;
  }
  return null;
}

/**
 * The element a query found is one a person sees. A query by text finds hidden elements too, so finding one proves
 * only that it is in the document; this says it is shown.
 */
export function expectShown(element: Element, context?: string): void {
  expect(hiddenBecause(element), context ?? element.textContent?.slice(0, 80)).toBeNull();
}
