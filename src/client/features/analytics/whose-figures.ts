import { createContext, useContext } from 'react';

/**
 * Whose figures the analytics cards show: the trader's own, or another trader's in an
 * administrator's drill-down into the team (decision 30). The cards' words follow, so an
 * administrator is not told to complete their own sessions.
 */
export type Whose = 'own' | 'theirs';

const WORDS = {
  own: {
    rating: 'Your overall trading discipline rating',
    notLoaded: 'Your compliance figures could not be loaded.',
    noMonthsHint: 'Complete more trading sessions to see your monthly trends.',
  },
  theirs: {
    rating: 'Their overall trading discipline rating',
    notLoaded: 'Their compliance figures could not be loaded.',
    noMonthsHint: 'Their monthly trends show once they complete more trading sessions.',
  },
} satisfies Record<Whose, Record<string, string>>;

const WhoseFigures = createContext<Whose>('own');

export const WhoseFiguresProvider = WhoseFigures.Provider;

/** The analytics cards' words for whose figures they show. */
export function useFiguresWords() {
  return WORDS[useContext(WhoseFigures)];
}
