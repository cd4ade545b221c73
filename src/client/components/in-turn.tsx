import { useEffect, useState, type ReactNode } from 'react';
import { awaitTurn } from '#client/lib/turns.ts';

/**
 * Renders its children in a task of their own, after the `InTurn`s mounted before it: a screen
 * of cards then renders one card per task instead of all at once (src/client/lib/turns.ts
 * says why). Until its turn it holds an empty, invisible block of a card's usual height, so
 * that the footer stays below the window and nothing painted moves when the card arrives.
 */
export function InTurn({ children }: { children: ReactNode }) {
  const [isTurn, setTurn] = useState(false);
  useEffect(() => awaitTurn(() => setTurn(true)), []);
  return isTurn ? children : <div className="min-h-48" />;
}
