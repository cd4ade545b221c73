import type { CSSProperties } from 'react';
import type { ComplianceBand } from '#shared/compliance.ts';

/**
 * A pattern per band over its colour, for readers who cannot tell green, amber and red apart:
 * green is plain, amber striped, red cross-hatched. The legend shows the same squares.
 */
export const bandPatternStyle: Record<ComplianceBand, CSSProperties> = {
  green: {},
  amber: {
    backgroundImage:
      'repeating-linear-gradient(45deg, rgb(255 255 255 / 0.55) 0 1.5px, transparent 1.5px 4px)',
  },
  red: {
    backgroundImage:
      'repeating-linear-gradient(45deg, rgb(255 255 255 / 0.6) 0 1.5px, transparent 1.5px 4px), repeating-linear-gradient(-45deg, rgb(255 255 255 / 0.6) 0 1.5px, transparent 1.5px 4px)',
  },
};
