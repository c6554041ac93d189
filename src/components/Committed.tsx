import { useEffect } from 'react';

/**
 * Calls `onCommit` once what is rendered before it has been committed: React runs effects children first and
 * siblings in order, so placed last, it runs after theirs. Used to learn that a part has hydrated or that a screen
 * has been shown.
 */
export function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(() => onCommit(), [onCommit]);
  return null;
}
