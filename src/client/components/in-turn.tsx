import { Children, useEffect, useState, type ReactNode } from 'react';
import { awaitTurn } from '#client/lib/turns.ts';

/**
 * Renders its children in a task of their own, after the `InTurn`s mounted before it: a screen
 * of cards then renders one card per task instead of all at once (src/client/lib/turns.ts
 * says why). Until its turn it renders nothing, so that a card arriving only extends what is
 * drawn above it: an empty block held in its place moved whenever a card above it grew, and
 * the browser counts that as a layout shift, drawn or not. The screen keeps the footer out of
 * sight meanwhile (the dashboard's cards are at least as high as the window).
 */
export function InTurn({ children }: { children: ReactNode }) {
  const [isTurn, setTurn] = useState(false);
  useEffect(() => awaitTurn(() => setTurn(true)), []);
  return isTurn ? children : null;
}

/**
 * A column of cards, each in a turn of its own, in a block at least as high as the window so
 * that the footer stays out of sight while they arrive.
 */
export function InTurns({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh content-start gap-6">
      {Children.map(children, (child) => (
        <InTurn>{child}</InTurn>
      ))}
    </div>
  );
}
