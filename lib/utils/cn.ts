import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (strings, conditionals, arrays, objects), nothing more: it does not
 * resolve Tailwind conflicts, which kept tailwind-merge (8 kB gzipped) out of every page's
 * first-load JavaScript. Components therefore never rely on a later class overriding an
 * earlier one: a different look is a variant or prop (`Button size`, `CategoryIcon` sizes),
 * and the few primitives whose callers do override defaults (dialog, select; both loaded on
 * demand) merge with tailwind-merge themselves.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
