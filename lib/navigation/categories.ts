/**
 * The category tree of the Quick Access Panel (spec §2), as data. Titles and descriptions
 * live in the "quickAccess" catalogue under `items.<id>`; icons are names in the icon sprite
 * (lib/icons/icon-names.ts), drawn by components/quick-access/category-icon.tsx. A node has either a `url` (a leaf
 * that opens its landing page) or `children` (a folder).
 */

/** Panel constants of spec §9. */
export const PANEL_WIDTH_PX = 520;
export const GRID_COLUMNS = 3;
export const RECENTS_KEPT = 10;
export const RECENTS_SHOWN = 4;

export const categoryIconNames = [
  "folder",
  "wrench",
  "sparkles",
  "droplets",
  "zap",
  "flower-2",
  "truck",
  "monitor",
  "hard-drive",
  "app-window",
  "network",
  "utensils-crossed",
  "pizza",
  "fish",
  "soup",
  "flame",
  "croissant",
  "calendar-days",
  "music",
  "presentation",
  "trophy",
  "volleyball",
  "goal",
  "circle-dot",
  "shopping-bag",
  "smartphone",
  "shirt",
  "shopping-basket",
  "book-open",
  "sofa",
  "heart-pulse",
  "stethoscope",
  "smile",
  "dumbbell",
  "bath",
  "graduation-cap",
  "school",
  "notebook-pen",
  "user-round",
  "plane",
  "plane-takeoff",
  "hotel",
  "car",
  "compass",
] as const;

export type CategoryIconName = (typeof categoryIconNames)[number];

export function isCategoryIconName(value: unknown): value is CategoryIconName {
  return typeof value === "string" && (categoryIconNames as readonly string[]).includes(value);
}

export type CategoryId =
  | "services"
  | "cleaning"
  | "plumbing"
  | "electrical"
  | "gardening"
  | "moving"
  | "it-support"
  | "it-hardware"
  | "it-software"
  | "it-networking"
  | "restaurants"
  | "italian"
  | "sushi"
  | "japanese"
  | "sushi-fusion"
  | "indian"
  | "mexican"
  | "french"
  | "events"
  | "concerts"
  | "conferences"
  | "sports"
  | "football"
  | "basketball"
  | "tennis"
  | "shopping"
  | "electronics"
  | "fashion"
  | "groceries"
  | "books"
  | "home-living"
  | "health"
  | "doctors"
  | "dentists"
  | "fitness"
  | "spa"
  | "education"
  | "schools"
  | "courses"
  | "tutors"
  | "travel"
  | "flights"
  | "hotels"
  | "car-rental"
  | "experiences";

export type CategoryNode = {
  id: CategoryId;
  icon?: CategoryIconName;
  url?: string;
  children?: readonly CategoryNode[];
};

const service = (category: string) => `/commerce/service?category=${category}`;
const product = (category: string) => `/commerce/product?category=${category}`;
const event = (type: string) => `/commerce/event?type=${type}`;
const cuisine = (name: string) => `/commerce/venue?cuisine=${name}`;
const venue = (type: string) => `/commerce/venue?type=${type}`;

export const categoryTree: readonly CategoryNode[] = [
  {
    id: "services",
    icon: "wrench",
    children: [
      { id: "cleaning", icon: "sparkles", url: service("cleaning") },
      { id: "plumbing", icon: "droplets", url: service("plumbing") },
      { id: "electrical", icon: "zap", url: service("electrical") },
      { id: "gardening", icon: "flower-2", url: service("gardening") },
      { id: "moving", icon: "truck", url: service("moving") },
      {
        id: "it-support",
        icon: "monitor",
        children: [
          { id: "it-hardware", icon: "hard-drive", url: service("it-hardware") },
          { id: "it-software", icon: "app-window", url: service("it-software") },
          { id: "it-networking", icon: "network", url: service("it-networking") },
        ],
      },
    ],
  },
  {
    id: "restaurants",
    icon: "utensils-crossed",
    children: [
      { id: "italian", icon: "pizza", url: cuisine("italian") },
      {
        id: "sushi",
        icon: "fish",
        children: [
          { id: "japanese", url: cuisine("japanese") },
          { id: "sushi-fusion", url: cuisine("sushi-fusion") },
        ],
      },
      { id: "indian", icon: "soup", url: cuisine("indian") },
      { id: "mexican", icon: "flame", url: cuisine("mexican") },
      { id: "french", icon: "croissant", url: cuisine("french") },
    ],
  },
  {
    id: "events",
    icon: "calendar-days",
    children: [
      { id: "concerts", icon: "music", url: event("concert") },
      { id: "conferences", icon: "presentation", url: event("conference") },
      {
        id: "sports",
        icon: "trophy",
        children: [
          { id: "football", icon: "goal", url: event("football") },
          { id: "basketball", icon: "volleyball", url: event("basketball") },
          { id: "tennis", icon: "circle-dot", url: event("tennis") },
        ],
      },
    ],
  },
  {
    id: "shopping",
    icon: "shopping-bag",
    children: [
      { id: "electronics", icon: "smartphone", url: product("electronics") },
      { id: "fashion", icon: "shirt", url: product("fashion") },
      { id: "groceries", icon: "shopping-basket", url: product("groceries") },
      { id: "books", icon: "book-open", url: product("books") },
      { id: "home-living", icon: "sofa", url: product("home") },
    ],
  },
  {
    id: "health",
    icon: "heart-pulse",
    children: [
      { id: "doctors", icon: "stethoscope", url: service("doctor") },
      { id: "dentists", icon: "smile", url: service("dentist") },
      { id: "fitness", icon: "dumbbell", url: service("fitness") },
      { id: "spa", icon: "bath", url: service("spa") },
    ],
  },
  {
    id: "education",
    icon: "graduation-cap",
    children: [
      { id: "schools", icon: "school", url: venue("school") },
      { id: "courses", icon: "notebook-pen", url: product("course") },
      { id: "tutors", icon: "user-round", url: service("tutor") },
    ],
  },
  {
    id: "travel",
    icon: "plane",
    children: [
      { id: "flights", icon: "plane-takeoff", url: product("flight") },
      { id: "hotels", icon: "hotel", url: venue("hotel") },
      { id: "car-rental", icon: "car", url: product("car-rental") },
      { id: "experiences", icon: "compass", url: event("experience") },
    ],
  },
];
