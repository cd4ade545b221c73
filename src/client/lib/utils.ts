import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not resolve conflicts: a component's own classes and those its
 * caller adds never set the same property (a size, a padding, a colour), since which of two such
 * classes wins depends on the stylesheet's order, not on theirs. A component offers a variant or
 * a prop for what callers change; the accessibility journeys check every screen for two classes
 * that set one property (`expectNoConflictingClasses`, decision 67).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
