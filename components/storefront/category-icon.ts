import type { ProductCategory } from "@/lib/commerce/catalogue-types";
import type { IconName } from "@/lib/icons/icon-names";

const icons: Record<ProductCategory, IconName> = {
  electronics: "smartphone",
  fashion: "shirt",
  groceries: "shopping-basket",
  books: "book-open",
  home: "sofa",
  course: "notebook-pen",
  flight: "plane-takeoff",
  "car-rental": "car",
};

/** The icon a product category shows (the Quick Access Panel's, lib/navigation/categories.ts). */
export function categoryIcon(category: ProductCategory): IconName {
  return icons[category];
}
