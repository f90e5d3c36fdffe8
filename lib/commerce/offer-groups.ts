import type { ProductCategory } from "./catalogue-types";

/**
 * The groups of /commerce/offer (spec §2's Quick Access categories): "Shopping" (electronics,
 * fashion, groceries, books, home & living) and "Travel" (flights, hotels, car rental,
 * experiences). Products' categories map as below; `course` is shopping (a course is bought
 * like a book, it is no trip; the spec's "Experiences" are activities at a destination). Later
 * verticals (hotels, experiences) add their categories here.
 */
export const offerGroups = ["shopping", "travel"] as const;
export type OfferGroup = (typeof offerGroups)[number];

const groupOfCategory: Record<ProductCategory, OfferGroup> = {
  electronics: "shopping",
  fashion: "shopping",
  groceries: "shopping",
  books: "shopping",
  home: "shopping",
  course: "shopping",
  flight: "travel",
  "car-rental": "travel",
};

export function offerGroupOf(category: string): OfferGroup | null {
  return Object.hasOwn(groupOfCategory, category)
    ? groupOfCategory[category as ProductCategory]
    : null;
}

/** Items grouped in the groups' order; groups with nothing are left out. */
export function groupOffers<T extends { category: string }>(
  items: readonly T[],
): { group: OfferGroup; items: T[] }[] {
  return offerGroups
    .map((group) => ({ group, items: items.filter((i) => offerGroupOf(i.category) === group) }))
    .filter((g) => g.items.length > 0);
}
