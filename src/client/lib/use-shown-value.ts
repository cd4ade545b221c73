import { useState } from 'react';

/**
 * What describes the answer on screen. A query kept on screen with `placeholderData` shows the
 * last answer while the next one is read, so what the screen asks for now (a new range's
 * name, say) does not describe what it shows until that answer arrives: this answers the
 * value of the last settled answer meanwhile, and `value` once the answer is its own.
 */
export function useShownValue<T>(value: T, isPlaceholderData: boolean): T {
  const [settled, setSettled] = useState(value);
  // Kept in a render rather than an effect, so no frame pairs an answer with another's value.
  if (!isPlaceholderData && !Object.is(settled, value)) setSettled(value);
  return isPlaceholderData ? settled : value;
}
