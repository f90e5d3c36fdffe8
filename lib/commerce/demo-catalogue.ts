import type {
  AttributeType,
  AttributeValue,
  ExternalIdType,
  ListingStatus,
  ProductCategory,
  TaxClass,
} from "@/lib/commerce/catalogue-types";
import { gtinCheckDigit, isbn10CheckDigit } from "@/lib/commerce/identifiers";
import { currencyDigits } from "@/lib/commerce/money";
import { slugifyTitle } from "@/lib/commerce/product-schema";

/**
 * The demo catalogue (issue 11): five organisations in five cities, their brands, 236 products
 * over the eight categories (variants, typed attributes, external ids, artwork palettes), ten
 * reviewers and their reviews. Pure data, generated deterministically: every random choice
 * comes from a mulberry32 stream seeded by a fixed key (the product's org and position), so
 * the output is the same on every machine and run; nothing reads the clock. The seed inserts
 * it; tests and e2e specs may read it to know what is there.
 */

export interface DemoOrganisation {
  id: string;
  name: string;
  slug: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO 4217. */
  currency: string;
  address: { line1: string; city: string; region: string; postalCode: string; country: string };
  latitude: number;
  longitude: number;
  description: string;
}
export interface DemoBrand {
  id: string;
  organisationId: string;
  name: string;
  description: string;
  website: string | null;
}
export interface DemoVariant {
  id: string;
  optionValues: string[];
  sku: string;
  priceMinor: number;
  compareAtMinor: number | null;
  trackStock: boolean;
  stock: number | null;
}
export interface DemoAttribute {
  name: string;
  type: AttributeType;
  value: AttributeValue;
  unit?: string;
  /** For oneOf / severalOf. */
  choices?: string[];
}
export interface DemoProduct {
  id: string;
  organisationId: string;
  brandId: string | null;
  slug: string;
  title: string;
  summary: string;
  /** Markdown: an intro paragraph, a list of the attributes and a closing paragraph. */
  description: string;
  category: ProductCategory;
  tags: string[];
  status: ListingStatus;
  taxClass: TaxClass;
  /** Published (and archived) ones: days since publication. Drafts: days since creation. */
  publishedDaysAgo: number;
  options: { name: string; values: string[] }[];
  variants: DemoVariant[];
  attributes: DemoAttribute[];
  externalIds: { type: ExternalIdType; value: string }[];
  /** Two #rrggbb colours for the artwork (lib/commerce/demo-artwork.ts). */
  palette: [string, string];
}
export interface DemoReview {
  id: string;
  productId: string;
  authorUserId: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  body: string;
  /** Never more than the product's publishedDaysAgo. */
  daysAgo: number;
  /** The organisation's reply. */
  reply: string | null;
}
export interface DemoReviewer {
  id: string;
  email: string;
  displayName: string;
}
export interface DemoCatalogue {
  organisations: DemoOrganisation[];
  brands: DemoBrand[];
  products: DemoProduct[];
  reviewers: DemoReviewer[];
  reviews: DemoReview[];
}

let memo: DemoCatalogue | undefined;

/** The demo catalogue, built once per process and frozen: copy before changing anything. */
export function demoCatalogue(): DemoCatalogue {
  memo ??= deepFreeze(buildCatalogue());
  return memo;
}

// ── Ids, randomness, tables ────────────────────────────────────────────────────────────

const uuid = (tail: string) => `00000000-0000-4000-8000-${tail}`;
const counterId = (prefix: string, n: number) =>
  uuid(prefix + String(n).padStart(12 - prefix.length, "0"));
/** The existing demo organisation (lib/organisations/seed.ts). */
const DEMO_ORGANISATION_ID = uuid("00000000a001");

type Rng = ReturnType<typeof rngFor>;

/** A mulberry32 stream seeded with the FNV-1a hash of `key`. */
function rngFor(key: string) {
  let state = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) state = Math.imul(state ^ key.charCodeAt(i), 0x01000193);
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => at(items, Math.floor(next() * items.length));
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      const item = at(copy, i);
      copy[i] = at(copy, j);
      copy[j] = item;
    }
    return copy.slice(0, n);
  };
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    let roll = next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [item, weight] of entries) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return at(entries, entries.length - 1)[0];
  };
  return { next, int, pick, sample, weighted, chance: (p: number) => next() < p };
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`No item at ${index}`);
  return item;
}

/** Rows of "|"-separated cells, one per line, so that each data table row stays one line. */
function table<T>(text: string, row: (cell: (index: number) => string) => T): T[] {
  return text
    .trim()
    .split("\n")
    .map((line) => {
      const cells = line.split("|").map((cell) => cell.trim());
      return row((index) => at(cells, index));
    });
}
const list = (text: string) => (text ? text.split(",").map((item) => item.trim()) : []);
const span = (text: string): [number, number] | null => {
  const [min, max] = text.split("-").map(Number);
  return min === undefined || max === undefined || !text ? null : [min, max];
};

/** Keeps the order of `choices`: a several-of value reads the same way on every product. */
const inOrder = (picked: readonly string[], choices: readonly string[]) =>
  choices.filter((choice) => picked.includes(choice));

const REFERENCE_DAY = Date.UTC(2026, 0, 1);
/** A date relative to 2026-01-01 (fixed, so the data do not depend on the clock). */
const isoDate = (daysFromReference: number) =>
  new Date(REFERENCE_DAY + daysFromReference * 86_400_000).toISOString().slice(0, 10);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

// ── Organisations and brands ───────────────────────────────────────────────────────────

type Place = "es" | "mx" | "uk" | "us";

interface OrgSpec extends DemoOrganisation {
  place: Place;
  /** SKU prefix. */
  code: string;
  /** GS1 company prefix: GTIN-13 bodies (12 digits) or, for `upc`, UPC-A bodies (11). */
  gs1: string;
  gtinType: "gtin13" | "upc";
  /** ISBN registrant (group + publisher) after 978; only organisations that sell books. */
  isbnStem: string;
  plan: readonly (readonly [ProductCategory, number])[];
}

const orgSpecs: readonly OrgSpec[] = [
  {
    id: DEMO_ORGANISATION_ID,
    name: "Live Market Demo",
    slug: "live-market-demo",
    city: "Madrid",
    country: "ES",
    currency: "EUR",
    address: {
      line1: "Calle de las Linternas 18",
      city: "Madrid",
      region: "Comunidad de Madrid",
      postalCode: "28004",
      country: "ES",
    },
    latitude: 40.4262,
    longitude: -3.7038,
    description:
      "The demo shop of Live Market: gadgets, homeware, books and weekend courses from a corner studio in Malasaña.",
    place: "es",
    code: "LMD",
    gs1: "8437215",
    gtinType: "gtin13",
    isbnStem: "8417262",
    plan: [
      ["electronics", 24],
      ["home", 16],
      ["books", 12],
      ["course", 10],
    ],
  },
  {
    id: counterId("0000000a0", 2),
    name: "Cala Verda Market",
    slug: "cala-verda-market",
    city: "Barcelona",
    country: "ES",
    currency: "EUR",
    address: {
      line1: "Carrer de les Orenetes 27",
      city: "Barcelona",
      region: "Catalonia",
      postalCode: "08003",
      country: "ES",
    },
    latitude: 41.3854,
    longitude: 2.1811,
    description:
      "A neighbourhood grocer in El Born with a pantry of Spanish producers, linen clothing and handmade homeware.",
    place: "es",
    code: "CVM",
    gs1: "8436190",
    gtinType: "gtin13",
    isbnStem: "",
    plan: [
      ["groceries", 30],
      ["fashion", 12],
      ["home", 10],
    ],
  },
  {
    id: counterId("0000000a0", 3),
    name: "Jacaranda Viajes",
    slug: "jacaranda-viajes",
    city: "Mexico City",
    country: "MX",
    currency: "MXN",
    address: {
      line1: "Calle Jacarandas Norte 45, Col. Roma Norte",
      city: "Mexico City",
      region: "CDMX",
      postalCode: "06700",
      country: "MX",
    },
    latitude: 19.4182,
    longitude: -99.1611,
    description:
      "A travel agency and pantry in Roma Norte: flights, car rentals and the flavours of Oaxaca and Chiapas.",
    place: "mx",
    code: "JCV",
    gs1: "7504127",
    gtinType: "gtin13",
    isbnStem: "",
    plan: [
      ["flight", 14],
      ["car-rental", 12],
      ["groceries", 10],
    ],
  },
  {
    id: counterId("0000000a0", 4),
    name: "Thistle & Quill",
    slug: "thistle-and-quill",
    city: "London",
    country: "GB",
    currency: "GBP",
    address: {
      line1: "14 Lamplighter Yard",
      city: "London",
      region: "Greater London",
      postalCode: "N1 7QB",
      country: "GB",
    },
    latitude: 51.5362,
    longitude: -0.1031,
    description:
      "An Islington bookshop with a workroom upstairs: new books, British-made clothing and evening classes.",
    place: "uk",
    code: "TAQ",
    gs1: "5061284",
    gtinType: "gtin13",
    isbnStem: "191584",
    plan: [
      ["books", 18],
      ["fashion", 16],
      ["course", 12],
    ],
  },
  {
    id: counterId("0000000a0", 5),
    name: "Hudson Lane Supply",
    slug: "hudson-lane-supply",
    city: "New York",
    country: "US",
    currency: "USD",
    address: {
      line1: "238 Wren Street",
      city: "New York",
      region: "NY",
      postalCode: "11211",
      country: "US",
    },
    latitude: 40.7152,
    longitude: -73.9571,
    description:
      "A Williamsburg outfitter for people on the move: tech, clothing, flights and rental cars.",
    place: "us",
    code: "HLS",
    gs1: "084219",
    gtinType: "upc",
    isbnStem: "",
    plan: [
      ["electronics", 14],
      ["fashion", 6],
      ["flight", 10],
      ["car-rental", 10],
    ],
  },
];

/** organisation code | category | name | has a website | description */
const brandRows = table(
  `
LMD|electronics|Voltaro|yes|Everyday electronics designed in Madrid and built to be repaired.
LMD|electronics|Orvella Audio|yes|Headphones and speakers tuned by musicians.
LMD|home|Casa Alba|yes|Calm, natural homeware made in small Spanish workshops.
LMD|home|Terracota Studio|no|Hand-thrown ceramics from a studio in Toledo.
LMD|books|Ediciones Farol|yes|An independent publisher of fiction, food and travel.
LMD|course|Academia Brújula|yes|Small-group courses taught by working professionals.
CVM|groceries|Hort del Sol|yes|Organic fruit, nuts and preserves from family farms.
CVM|groceries|Almàssera Roca|yes|Olive oil pressed within hours of the harvest.
CVM|fashion|Teixit Linen|yes|Linen and cotton clothes cut and sewn in Catalonia.
CVM|home|Taller Blau|no|Glass, textiles and ceramics from Mediterranean makers.
JCV|flight|Colibrí Air|yes|A regional airline connecting Mexico's cities and beaches.
JCV|flight|Aeroquetzal|yes|Long-haul flights from Mexico City to the Americas and Europe.
JCV|car-rental|Rueda Libre|yes|Car rental with no hidden fees, since 2009.
JCV|groceries|Milpa Viva|yes|Corn, chillies and seeds from small farms in Oaxaca.
JCV|groceries|Cacao Tlali|no|Bean-to-bar cacao from the south of Mexico.
TAQ|books|Wren & Lantern Press|yes|Literary fiction and narrative non-fiction.
TAQ|books|Hawthorn Leaf Books|yes|Crime, cookery and books for young readers.
TAQ|fashion|Harrow & Finch|yes|Knitwear and outerwear made in British mills.
TAQ|fashion|Merrow Row|yes|Simple everyday clothes in organic cotton.
TAQ|course|Bramble School of Craft|no|Evening and weekend classes in Islington.
HLS|electronics|Tessaline|yes|Laptops, tablets and phones with a five-year update promise.
HLS|electronics|Halcyon Circuit|yes|Keyboards and audio gear for home studios.
HLS|fashion|Bowery Thread|yes|Workwear-inspired clothing cut in Brooklyn.
HLS|flight|Hudson Skyways|yes|Nonstop flights from New York.
HLS|car-rental|Empire Drive|yes|Car rental across the five boroughs.
`,
  (c) => ({
    org: c(0),
    category: c(1),
    name: c(2),
    website: c(3) === "yes",
    description: c(4),
  }),
);

// ── Category builders ──────────────────────────────────────────────────────────────────

interface Ctx {
  rng: Rng;
  org: OrgSpec;
  brand: string | null;
  /** The product's position among its organisation's products of its category. */
  n: number;
}
interface Draft {
  title: string;
  /** What a review calls it: "this {noun}" ("smartphone", "pair of chinos", "book"). */
  noun: string;
  summary: string;
  intro: string;
  tags: string[];
  options: { name: string; values: string[] }[];
  /** A variant's price in reference euro cents. */
  price: (values: readonly string[]) => number;
  tracked: (values: readonly string[]) => boolean;
  attributes: DemoAttribute[];
}

const attr = {
  text: (name: string, value: string): DemoAttribute => ({ name, type: "text", value }),
  number: (name: string, value: number, unit?: string): DemoAttribute =>
    unit ? { name, type: "number", value, unit } : { name, type: "number", value },
  boolean: (name: string, value: boolean): DemoAttribute => ({ name, type: "boolean", value }),
  date: (name: string, value: string): DemoAttribute => ({ name, type: "date", value }),
  colour: (name: string, value: string): DemoAttribute => ({ name, type: "colour", value }),
  oneOf: (name: string, value: string, choices: readonly string[]): DemoAttribute => ({
    name,
    type: "oneOf",
    value,
    choices: [...choices],
  }),
  severalOf: (name: string, value: string[], choices: readonly string[]): DemoAttribute => ({
    name,
    type: "severalOf",
    value: inOrder(value, choices),
    choices: [...choices],
  }),
};

const colourHex: Record<string, string> = {
  Black: "#1f1f24",
  White: "#f4f4f0",
  Graphite: "#3b3f45",
  Ocean: "#1f5f8b",
  Sage: "#8fa98c",
  Coral: "#e5735a",
  Sand: "#d8c3a0",
  Navy: "#1d2a4a",
  Olive: "#6b6b2f",
  Burgundy: "#7a2331",
  Stone: "#a9a39a",
  Indigo: "#34406e",
  Rose: "#e8b4b8",
  Forest: "#2f5d3a",
  Mustard: "#d6a21e",
  Cream: "#efe6d2",
  Terracotta: "#c0643f",
  Charcoal: "#36393d",
  Sky: "#8cc4e8",
};
/** The hex of the product's Colour option's first value, or of a colour from `list`. */
const mainColour = (ctx: Ctx, options: Draft["options"], list: readonly string[]) =>
  colourHex[options.find((o) => o.name === "Colour")?.values[0] ?? ctx.rng.pick(list)] ?? "#808080";
/** The position of a variant's value in the named option (0 when there is no such option). */
const step = (values: readonly string[], options: Draft["options"], name: string) => {
  const index = options.findIndex((o) => o.name === name);
  return Math.max(0, options[index]?.values.indexOf(values[index] ?? "") ?? 0);
};
const always = () => true;
const never = () => false;

const connectivity = list("5G, Wi-Fi 6, Bluetooth 5.3, NFC, GPS, USB-C, HDMI, 3.5 mm jack");
/** noun | price (reference euro cents) | storage option | screen in | battery mAh | connectivity | colour option */
const electronicsKinds = table(
  `
Smartphone          |39900|128 GB,256 GB,512 GB|6.1-6.8  |3900-5200  |5G,Wi-Fi 6,Bluetooth 5.3,NFC,USB-C|yes
Wireless Headphones |12900|                    |         |500-1000   |Bluetooth 5.3,USB-C,3.5 mm jack   |yes
Mechanical Keyboard |8900 |                    |         |2000-4000  |Bluetooth 5.3,USB-C               |yes
Tablet              |44900|64 GB,128 GB,256 GB |10.2-12.9|7000-10000 |Wi-Fi 6,Bluetooth 5.3,USB-C,5G    |yes
Smartwatch          |19900|                    |1.4-1.9  |280-600    |Bluetooth 5.3,Wi-Fi 6,NFC,GPS     |yes
Portable Speaker    |6900 |                    |         |2000-6000  |Bluetooth 5.3,USB-C,3.5 mm jack   |yes
Laptop              |89900|256 GB,512 GB,1 TB  |13.3-16  |4500-7000  |Wi-Fi 6,Bluetooth 5.3,USB-C,HDMI  |yes
E-reader            |12900|16 GB,32 GB         |6-7      |1500-2500  |Wi-Fi 6,Bluetooth 5.3,USB-C       |no
Power Bank          |3900 |                    |         |10000-26800|USB-C                             |no
Webcam              |5900 |                    |         |           |USB-C                             |no
Smartphone Gimbal   |9900 |                    |         |2000-3000  |Bluetooth 5.3,USB-C               |no
`,
  (c) => ({
    noun: c(0),
    price: Number(c(1)),
    storage: list(c(2)),
    screen: span(c(3)),
    battery: span(c(4)),
    connectivity: list(c(5)),
    colours: c(6) === "yes",
  }),
);
const electronicsModels = list("Aero, Nova, Pulse, Orbit, Flux, Lumen, Vertex, Halo, Echo, Prism");
const electronicsColours = list("Black, White, Graphite, Ocean, Sage, Coral, Sand");

function electronics(ctx: Ctx): Draft {
  const { rng, n } = ctx;
  const kind = at(electronicsKinds, n % electronicsKinds.length);
  const model = at(electronicsModels, (n + ctx.org.code.length) % electronicsModels.length);
  const options: Draft["options"] = [];
  if (kind.colours) {
    options.push({ name: "Colour", values: rng.sample(electronicsColours, rng.int(2, 3)) });
  }
  if (kind.storage.length) options.push({ name: "Storage", values: kind.storage });
  const wireless = kind.noun !== "Webcam" && kind.noun !== "Power Bank";
  const attributes: DemoAttribute[] = [];
  if (kind.screen) {
    const [min, max] = kind.screen;
    const inches = Math.round((min + rng.next() * (max - min)) * 10) / 10;
    attributes.push(attr.number("Screen size", inches, "in"));
  }
  if (kind.battery) {
    const [min, max] = kind.battery;
    attributes.push(attr.number("Battery", Math.round(rng.int(min, max) / 10) * 10, "mAh"));
  }
  // The first listed link is the product's main one (Bluetooth for a wireless product).
  const [main = "USB-C", ...others] = kind.connectivity;
  const links = [main, ...rng.sample(others, rng.int(0, others.length))];
  attributes.push(
    attr.boolean("Wireless", wireless),
    attr.date("Release date", isoDate(-rng.int(45, 900))),
    attr.severalOf("Connectivity", links, connectivity),
    attr.colour("Colour", mainColour(ctx, options, electronicsColours)),
  );
  const lower = kind.noun.toLowerCase();
  const feature = rng.pick([
    "all-day battery life",
    "a repairable, screw-down design",
    "fast USB-C charging",
    "a recycled aluminium body",
    "two years of warranty",
  ]);
  const noun = lower === "wireless headphones" ? "pair of headphones" : lower;
  const adjective = rng.pick(["sleek", "compact", "dependable", "well-built"]);
  return {
    title: `${ctx.brand ?? "Studio"} ${model} ${kind.noun}`,
    noun,
    summary: `A ${adjective} ${noun} with ${feature}.`,
    intro: `Meet the ${model} ${lower} by ${ctx.brand ?? "our studio"}, with ${feature}. ${rng.pick(
      [
        "Pairs in seconds with the devices you already own.",
        "Every part can be replaced with a standard screwdriver.",
        "Tested for a thousand charge cycles before leaving the factory.",
      ],
    )}`,
    tags: [kind.noun, "electronics", ...(wireless ? ["wireless"] : []), model],
    options,
    price: (values) => kind.price + step(values, options, "Storage") * Math.round(kind.price * 0.2),
    tracked: always,
    attributes,
  };
}

const fashionMaterials = list(
  "Organic cotton, Cotton, Linen, Denim, Merino wool, Wool, Recycled polyester, Leather, Canvas, Viscose",
);
const fits = list("Slim, Regular, Relaxed, Oversized");
/** noun | material | size run | has a fit | price | colour option */
const fashionKinds = table(
  `
T-Shirt         |Organic cotton    |apparel|yes|2900 |yes
Linen Shirt     |Linen             |apparel|yes|5900 |yes
Denim Jacket    |Denim             |apparel|yes|8900 |yes
Merino Jumper   |Merino wool       |apparel|yes|7900 |yes
Chinos          |Cotton            |apparel|yes|6900 |yes
Canvas Trainers |Canvas            |shoes  |no |7900 |yes
Rain Jacket     |Recycled polyester|apparel|yes|11900|yes
Wool Scarf      |Wool              |       |no |3900 |yes
Leather Belt    |Leather           |belt   |no |4500 |yes
Midi Dress      |Viscose           |apparel|yes|6900 |yes
Beanie          |Merino wool       |       |no |2500 |no
`,
  (c) => ({
    noun: c(0),
    material: c(1),
    sizing: c(2),
    hasFit: c(3) === "yes",
    price: Number(c(4)),
    colours: c(5) === "yes",
  }),
);
const fashionStyles = list("Everyday, Harbour, Weekend, Studio, Coastline, Heritage, Field, City");
const fashionColours = list(
  "Black, White, Navy, Olive, Sand, Burgundy, Stone, Indigo, Rose, Forest, Mustard, Cream",
);
const sizeRuns: Record<string, readonly string[][]> = {
  apparel: [list("XS, S, M, L"), list("S, M, L, XL")],
  shoes: [list("38, 40, 42, 44"), list("39, 41, 43, 45")],
  belt: [list("S, M, L")],
};
const care: Record<string, string> = {
  Linen: "Machine wash at 30 °C; iron while damp.",
  "Merino wool": "Hand wash cold and dry flat.",
  Wool: "Hand wash cold and dry flat.",
  Leather: "Wipe clean; condition twice a year.",
};

function fashion(ctx: Ctx): Draft {
  const { rng, n } = ctx;
  const kind = at(fashionKinds, n % fashionKinds.length);
  const style = at(fashionStyles, (n + ctx.org.code.charCodeAt(0)) % fashionStyles.length);
  const options: Draft["options"] = [];
  const sizes = sizeRuns[kind.sizing];
  if (sizes) options.push({ name: "Size", values: [...rng.pick(sizes)] });
  if (kind.colours) {
    options.push({
      name: "Colour",
      values: rng.sample(fashionColours, kind.sizing === "belt" ? 2 : 3),
    });
  }
  const fit = rng.pick(fits);
  const lower = kind.noun.toLowerCase();
  const noun = lower.endsWith("s") ? `pair of ${lower.replace(/^canvas /, "")}` : lower;
  const material = kind.material.toLowerCase();
  return {
    title: `${ctx.brand ?? "House"} ${style} ${kind.noun}`,
    noun,
    summary: `A ${noun}${lower.includes(material.split(" ")[0] ?? "") ? "" : ` in ${material}`}${kind.hasFit ? `, ${fit.toLowerCase()} fit` : ""}, made to last.`,
    intro: `From the ${style} line by ${ctx.brand ?? "our studio"}, cut from ${material} ${rng.pick(
      [
        "that softens with every wash",
        "sourced from certified mills",
        "that breathes on warm days and layers well on cold ones",
      ],
    )}. ${rng.pick([
      "Designed to be worn every day.",
      "A wardrobe staple in a few honest colours.",
      "Finished with reinforced seams.",
    ])}`,
    tags: [kind.noun, "fashion", kind.material],
    options,
    price: () => kind.price,
    tracked: always,
    attributes: [
      attr.oneOf("Material", kind.material, fashionMaterials),
      ...(kind.hasFit ? [attr.oneOf("Fit", fit, fits)] : []),
      attr.colour("Colour", mainColour(ctx, options, fashionColours)),
      attr.text("Care", care[kind.material] ?? "Machine wash at 30 °C with similar colours."),
    ],
  };
}

const diets = list("vegan, vegetarian, gluten-free, dairy-free, nut-free");
const groceryRow = (c: (index: number) => string) => ({
  stem: c(0),
  noun: c(1),
  grams: Number(c(2)),
  diet: c(3).split(" "),
  price: Number(c(4)),
  origin: c(5),
});
/** title | what a review calls it | weight g | diets | price | origin ("vegan" adds "vegetarian") */
const groceries: Record<"es" | "mx", ReturnType<typeof groceryRow>[]> = {
  es: table(
    `
Arbequina Extra Virgin Olive Oil|olive oil          |460 |vegan gluten-free dairy-free nut-free     |1290|Lleida, Spain
Picual Extra Virgin Olive Oil   |olive oil          |920 |vegan gluten-free dairy-free nut-free     |1890|Jaén, Spain
Marcona Almonds                 |bag of almonds     |200 |vegan gluten-free dairy-free              |690 |Alicante, Spain
Smoked Paprika                  |paprika            |75  |vegan gluten-free dairy-free nut-free     |390 |La Vera, Spain
La Mancha Saffron               |saffron            |1   |vegan gluten-free dairy-free nut-free     |1190|Castilla-La Mancha, Spain
Orange Blossom Honey            |honey              |500 |vegetarian gluten-free dairy-free nut-free|890 |Valencia, Spain
Almond Turrón                   |turrón             |200 |vegetarian gluten-free dairy-free         |790 |Alicante, Spain
Bomba Paella Rice               |rice               |1000|vegan gluten-free dairy-free nut-free     |590 |Valencia, Spain
Dark Chocolate 70%              |chocolate          |100 |vegan gluten-free dairy-free              |390 |Barcelona, Spain
Hazelnut Granola                |granola            |400 |vegan dairy-free                          |590 |Girona, Spain
Sherry Vinegar                  |vinegar            |250 |vegan gluten-free dairy-free nut-free     |690 |Jerez, Spain
Roasted Piquillo Peppers        |jar of peppers     |290 |vegan gluten-free dairy-free nut-free     |490 |Navarre, Spain
Cooked Pedrosillano Chickpeas   |jar of chickpeas   |660 |vegan gluten-free dairy-free nut-free     |290 |Castile and León, Spain
Espresso Coffee Beans           |coffee             |500 |vegan gluten-free dairy-free nut-free     |1290|Barcelona, Spain
Camomile Tea                    |tea                |40  |vegan gluten-free dairy-free nut-free     |390 |Granada, Spain
Fig and Walnut Cake             |fig cake           |200 |vegan gluten-free dairy-free              |590 |Extremadura, Spain
Bitter Orange Marmalade         |marmalade          |340 |vegan gluten-free dairy-free nut-free     |490 |Seville, Spain
Olive Oil Crackers              |pack of crackers   |180 |vegan dairy-free nut-free                 |350 |Seville, Spain
Manzanilla Olives               |jar of olives      |350 |vegan gluten-free dairy-free nut-free     |390 |Seville, Spain
Fideuà Pasta                    |pasta              |500 |vegan dairy-free nut-free                 |250 |Catalonia, Spain
Sea Salt Flakes                 |salt               |125 |vegan gluten-free dairy-free nut-free     |450 |Ebro Delta, Spain
Romesco Sauce                   |sauce              |190 |vegan dairy-free                          |490 |Tarragona, Spain
Dried Porcini Mushrooms         |bag of mushrooms   |40  |vegan gluten-free dairy-free nut-free     |790 |Pyrenees, Spain
Pumpkin Seed Butter             |seed butter        |250 |vegan gluten-free dairy-free nut-free     |690 |Lleida, Spain
Rosemary Honey                  |honey              |500 |vegetarian gluten-free dairy-free nut-free|850 |La Alcarria, Spain
Pardina Lentils                 |bag of lentils     |500 |vegan gluten-free dairy-free nut-free     |320 |Tierra de Campos, Spain
Quince Paste                    |quince paste       |400 |vegan gluten-free dairy-free nut-free     |450 |Córdoba, Spain
Oat and Almond Biscuits         |pack of biscuits   |200 |vegan dairy-free                          |390 |Girona, Spain
Green Tea with Mint             |tea                |40  |vegan gluten-free dairy-free nut-free     |450 |Barcelona, Spain
Apricot Jam                     |jam                |340 |vegan gluten-free dairy-free nut-free     |450 |Murcia, Spain
`,
    groceryRow,
  ),
  mx: table(
    `
Oaxacan Black Mole Paste        |mole               |250 |vegan gluten-free dairy-free              |590 |Oaxaca, Mexico
Dried Ancho Chillies            |bag of chillies    |100 |vegan gluten-free dairy-free nut-free     |390 |Puebla, Mexico
Blue Corn Tortilla Chips        |bag of chips       |300 |vegan gluten-free dairy-free nut-free     |350 |Tlaxcala, Mexico
Chiapas Coffee Beans            |coffee             |500 |vegan gluten-free dairy-free nut-free     |1090|Chiapas, Mexico
Papantla Vanilla Pods           |vanilla            |10  |vegan gluten-free dairy-free nut-free     |990 |Veracruz, Mexico
Habanero Hot Sauce              |hot sauce          |150 |vegan gluten-free dairy-free nut-free     |390 |Yucatán, Mexico
Hibiscus Flower Tea             |tea                |200 |vegan gluten-free dairy-free nut-free     |450 |Guerrero, Mexico
Roasted Pumpkin Seeds           |bag of seeds       |200 |vegan gluten-free dairy-free nut-free     |390 |Oaxaca, Mexico
Chontalpa Cacao Nibs            |bag of cacao nibs  |250 |vegan gluten-free dairy-free nut-free     |690 |Tabasco, Mexico
Blue Agave Syrup                |agave syrup        |330 |vegan gluten-free dairy-free nut-free     |490 |Jalisco, Mexico
`,
    groceryRow,
  ),
};
const packs = list("Single, Pack of 3, Pack of 6");
const packFactor = [1, 2.8, 5.4];

function grocery(ctx: Ctx): Draft {
  const { rng, n } = ctx;
  const rows = groceries[ctx.org.place === "mx" ? "mx" : "es"];
  const { stem, noun, grams, diet, price, origin } = at(rows, n % rows.length);
  const organic = rng.chance(0.4);
  const options = rng.chance(0.35) ? [{ name: "Pack", values: packs }] : [];
  const dietValues = diet.includes("vegan") ? [...diet, "vegetarian"] : diet;
  return {
    title: ctx.brand ? `${ctx.brand} ${stem}` : stem,
    noun,
    summary: `${stem}${organic ? ", certified organic," : ""} from ${origin} (${grams} g).`,
    intro: `${stem} ${rng.pick([
      "from a small producer we visit every year",
      "made the traditional way, in small batches",
      "chosen by our team after a long tasting",
    ])} (${origin}). ${rng.pick([
      "A pantry favourite of our regulars.",
      "Good on its own and even better in your cooking.",
      "Keep it somewhere cool and dark once opened.",
    ])}`,
    tags: [noun.split(" ").at(-1) ?? "pantry", "pantry", ...(organic ? ["organic"] : [])],
    options,
    price: ([pack = "Single"]) => Math.round(price * (packFactor[packs.indexOf(pack)] ?? 1)),
    tracked: always,
    attributes: [
      attr.number("Weight", grams, "g"),
      attr.boolean("Organic", organic),
      attr.severalOf("Diet", dietValues, diets),
      attr.date("Best before", isoDate(rng.int(150, 720))),
      attr.text("Origin", origin),
    ],
  };
}

/** title | author | genre; Madrid sells the first 12, London the rest. */
const bookRows = table(
  `
The Salt Cartographer          |Inés Valcárcel    |Fiction
A Winter in Lavapiés           |Tomás Ferrer      |Fiction
The Lighthouse Ledger          |Marta Olmedo      |Mystery
Small Kitchens, Big Flavours   |Paula Ruiz Sáez   |Cookery
Walking the Camino Slowly      |Andrés Lorca      |Travel
The Orange Tree Courtyard      |Elena Marín       |Fiction
Seven Bridges of Toledo        |Javier Prado      |History
Tapas for Two                  |Lucía Benet       |Cookery
The Quiet Astronomer           |Raúl Etxeberria   |Science
Poems from the Night Bus       |Clara Montes      |Poetry
The Girl Who Counted Swallows  |Nuria Vidal       |Children's
Ashes on the Guadalquivir      |Diego Albarrán    |Mystery
The Lantern Keeper's Daughter  |Eleanor Hartley   |Fiction
Murder at Wapping Stairs       |James Callow      |Mystery
A Field Guide to City Foxes    |Priya Chandran    |Science
The Last Ferry to Skye         |Morag Lennox      |Fiction
Bread, Butter and Brine        |Oliver Pennington |Cookery
Rivers of Brick                |Samuel Okafor     |History
The Clockmaker's Apprentice    |Harriet Ashdown   |Children's
Notes from a Canal Boat        |Rupert Hale       |Travel
The Silent Orchard             |Imogen Marsh      |Mystery
Small Hours                    |Kwame Asante      |Poetry
How Tides Remember             |Fiona Drummond    |Science
The Paper Garden Club          |Beatrice Lowe     |Fiction
Soup for Every Season          |Hannah Frost      |Cookery
The Wren Road Affair           |Arthur Bellamy    |Mystery
London Under Gaslight          |Cecily Ward       |History
Moonlight on the Marsh         |Tobias Reed       |Children's
Twelve Walks Along the Thames  |Grace Whitfield   |Travel
An Inventory of Small Joys     |Nadia Karim       |Fiction
`,
  (c) => ({ title: c(0), author: c(1), genre: c(2) }),
);
const genreNoun: Record<string, string> = {
  Fiction: "novel",
  Mystery: "mystery novel",
  Science: "popular science book",
  History: "history book",
  Travel: "travel book",
  Cookery: "cookbook",
  Poetry: "poetry collection",
  "Children's": "children's book",
};
const genres = Object.keys(genreNoun);
const bookLanguages = list("English, Spanish, Catalan, French");
const formats = list("Hardcover, Paperback, Ebook");
const formatPrice: Record<string, number> = { Hardcover: 2290, Paperback: 1490, Ebook: 899 };

function book(ctx: Ctx): Draft {
  const { rng, n } = ctx;
  const { title, author, genre } = at(bookRows, n + (ctx.org.place === "uk" ? 12 : 0));
  const values = rng.weighted<string[]>([
    [formats, 55],
    [["Hardcover", "Paperback"], 25],
    [[], 20],
  ]);
  const pages =
    genre === "Children's"
      ? rng.int(32, 96)
      : genre === "Poetry"
        ? rng.int(64, 140)
        : rng.int(160, 520);
  const language = ctx.org.place === "es" && rng.chance(0.5) ? "Spanish" : "English";
  const extra = genre === "Cookery" ? 600 : 0;
  return {
    title,
    noun: "book",
    summary: `${rng.pick(["A", "The much-loved"])} ${genreNoun[genre] ?? "book"} by ${author}.`,
    intro: `${title} ${rng.pick([
      "has been one of our best-loved titles since it came out",
      "is the book our booksellers keep pressing into customers' hands",
      "was written over five years and it shows on every page",
    ])}. ${author} ${rng.pick([
      "writes with warmth and a sharp eye for detail.",
      "knows exactly when to make you laugh.",
      "brings a whole world to life in a few lines.",
    ])}`,
    tags: ["books", genre, language],
    options: values.length ? [{ name: "Format", values }] : [],
    price: ([format = "Paperback"]) =>
      (formatPrice[format] ?? 1490) + (format === "Ebook" ? 0 : extra),
    tracked: ([format]) => format !== "Ebook",
    attributes: [
      attr.text("Author", author),
      attr.number("Pages", pages),
      attr.oneOf("Language", language, bookLanguages),
      attr.oneOf("Genre", genre, genres),
      attr.date("Publication date", isoDate(-rng.int(60, 3000))),
    ],
  };
}

const homeMaterials = list(
  "Stoneware, Ceramic, Linen, Cotton, Oak, Walnut, Rattan, Terracotta, Glass, Soy wax, Wool",
);
/** noun | material | dimensions | price | option: "colour", sizes or nothing */
const homeKinds = table(
  `
Stoneware Mug        |Stoneware |9 × 9 × 10 cm                       |1800 |colour
Linen Throw          |Linen     |130 × 170 cm                        |6900 |colour
Oak Side Table       |Oak       |45 × 45 × 55 cm                     |14900|
Rattan Table Lamp    |Rattan    |30 × 30 × 48 cm                     |8900 |
Cotton Bath Towel    |Cotton    |70 × 140 cm                         |2400 |colour
Terracotta Planter   |Terracotta|Ø 12, 18 or 24 cm                   |2200 |Small,Medium,Large
Soy Wax Candle       |Soy wax   |8 × 8 × 9 cm                        |1900 |
Linen Cushion Cover  |Linen     |45 × 45 cm                          |2900 |colour
Glass Carafe         |Glass     |10 × 10 × 25 cm                     |2600 |
Walnut Wall Clock    |Walnut    |Ø 30 cm                             |5900 |
Ceramic Serving Bowl |Ceramic   |Ø 16, 22 or 28 cm                   |3400 |Small,Medium,Large
Wool Rug             |Wool      |120 × 170, 160 × 230 or 200 × 300 cm|15900|120 × 170 cm,160 × 230 cm,200 × 300 cm
`,
  (c) => ({ noun: c(0), material: c(1), dimensions: c(2), price: Number(c(3)), option: c(4) }),
);
const homeLines = list("Alba, Marea, Siesta, Olivo, Brisa, Duna, Sierra, Lino");
const homeColours = list("Cream, Sage, Terracotta, Charcoal, Sky, Mustard, Stone, Rose");

function home(ctx: Ctx): Draft {
  const { rng, n } = ctx;
  const kind = at(homeKinds, (n + (ctx.org.code === "CVM" ? 5 : 0)) % homeKinds.length);
  const line = at(homeLines, (n + ctx.org.code.length) % homeLines.length);
  const options: Draft["options"] =
    kind.option === "colour"
      ? [{ name: "Colour", values: rng.sample(homeColours, 3) }]
      : kind.option
        ? [{ name: "Size", values: list(kind.option) }]
        : [];
  const lower = kind.noun.toLowerCase();
  const noun = lower.split(" ").at(-1) ?? lower;
  const adjective = rng.pick(["handmade", "timeless", "simple", "warm"]);
  return {
    title: `${ctx.brand ?? "Atelier"} ${line} ${kind.noun}`,
    noun,
    summary: `A ${adjective} ${lower} from the ${line} collection.`,
    intro: `The ${line} ${lower} is ${rng.pick([
      "made by hand in a small workshop",
      "designed to age beautifully",
      "the piece our customers ask about most",
    ])}. ${rng.pick([
      "It brings a quiet warmth to any room.",
      "It pairs well with the rest of the collection.",
      "Every piece is slightly different.",
    ])}`,
    tags: ["home", noun, kind.material],
    options,
    price: (values) => Math.round(kind.price * (1 + 0.5 * step(values, options, "Size"))),
    tracked: always,
    attributes: [
      attr.oneOf("Material", kind.material, homeMaterials),
      attr.text("Dimensions", kind.dimensions),
      attr.colour("Colour", mainColour(ctx, options, homeColours)),
      attr.boolean("Handmade", rng.chance(0.6)),
    ],
  };
}

const levels = list("Beginner, Intermediate, Advanced");
const courseLanguages = list("English, Spanish, Catalan");
const courseFormats = list("Online, In person, Hybrid");
/** topic | hours | level; Madrid starts at the first, London at the seventh. */
const courseRows = table(
  `
Spanish for Travellers                  |12|Beginner
Sourdough Bread at Home                 |6 |Beginner
Product Photography with Your Smartphone|5 |Beginner
Watercolour Landscapes                  |8 |Beginner
Python for Shop Owners                  |20|Intermediate
Public Speaking Essentials              |6 |Beginner
Bookkeeping for Small Businesses        |10|Intermediate
Flamenco Guitar Basics                  |16|Beginner
Social Media Marketing                  |9 |Intermediate
UX Writing Fundamentals                 |7 |Intermediate
Wheel-Thrown Pottery                    |12|Beginner
Spreadsheet Data Analysis               |14|Intermediate
Natural Wine Tasting                    |4 |Beginner
Modern Calligraphy                      |6 |Beginner
Bicycle Maintenance Masterclass         |8 |Advanced
Interior Styling on a Budget            |5 |Beginner
Negotiation for Freelancers             |6 |Advanced
Machine Learning Foundations            |30|Advanced
`,
  (c) => ({ topic: c(0), hours: Number(c(1)), level: c(2) }),
);

function course(ctx: Ctx): Draft {
  const { rng, n } = ctx;
  const offset = ctx.org.place === "uk" ? 6 : 0;
  const { topic, hours, level } = at(courseRows, (n + offset) % courseRows.length);
  const format = rng.pick(courseFormats);
  const language = ctx.org.place === "es" ? rng.pick(courseLanguages) : "English";
  const where =
    format === "Online"
      ? "online"
      : format === "Hybrid"
        ? "online and in person"
        : `in person in ${ctx.org.city}`;
  return {
    title: topic,
    noun: "course",
    summary: `A ${hours}-hour ${level.toLowerCase()} course, ${where}.`,
    intro: `${topic} ${rng.pick([
      "takes you from the first steps to a finished project",
      "is taught by a working professional with years of practice",
      "mixes short lessons with hands-on exercises",
    ])}. ${rng.pick([
      "Groups are small, so there is time for every question.",
      "You keep the materials after the course ends.",
      "No special equipment is needed to start.",
    ])}`,
    tags: ["course", level, format],
    options: rng.chance(0.5) ? [{ name: "Access", values: ["Self-paced", "Live cohort"] }] : [],
    price: ([access]) => Math.round((1500 + hours * 600) * (access === "Live cohort" ? 1.8 : 1)),
    tracked: never,
    attributes: [
      attr.oneOf("Level", level, levels),
      attr.number("Duration", hours, "h"),
      attr.oneOf("Language", language, courseLanguages),
      attr.boolean("Certificate", rng.chance(0.6)),
      attr.oneOf("Format", format, courseFormats),
    ],
  };
}

const flightRow = (c: (index: number) => string) => ({
  city: c(0),
  code: c(1),
  hours: Number(c(2)),
  stops: Number(c(3)),
});
/** destination | airport | hours | stops */
const flightRoutes = {
  mx: {
    origin: "Mexico City",
    code: "MEX",
    routes: table(
      `
Cancún         |CUN|2.3 |0
Oaxaca         |OAX|1.2 |0
Guadalajara    |GDL|1.5 |0
Monterrey      |MTY|1.7 |0
Mérida         |MID|1.9 |0
Puerto Vallarta|PVR|1.6 |0
Los Cabos      |SJD|2.3 |0
Tijuana        |TIJ|3.6 |0
Bogotá         |BOG|4.7 |0
Havana         |HAV|2.9 |0
Lima           |LIM|6.3 |0
Madrid         |MAD|10.8|0
Los Angeles    |LAX|4.1 |0
Vancouver      |YVR|8.2 |1
Buenos Aires   |EZE|10.6|0
Montreal       |YUL|7.5 |1
`,
      flightRow,
    ),
  },
  us: {
    origin: "New York",
    code: "JFK",
    routes: table(
      `
Boston         |BOS|1.4 |0
Chicago        |ORD|2.6 |0
Miami          |MIA|3.2 |0
Los Angeles    |LAX|6.3 |0
San Francisco  |SFO|6.6 |0
Toronto        |YYZ|1.8 |0
London         |LHR|7   |0
Madrid         |MAD|7.4 |0
Mexico City    |MEX|5.3 |0
Reykjavík      |KEF|5.7 |0
Honolulu       |HNL|14.5|1
Lisbon         |LIS|6.8 |0
`,
      flightRow,
    ),
  },
};
const cabinFactor: Record<string, number> = { Economy: 1, Premium: 1.7, Business: 3.2 };

function flight(ctx: Ctx): Draft {
  const { rng, n } = ctx;
  const { origin, code, routes } = flightRoutes[ctx.org.place === "us" ? "us" : "mx"];
  const { city, code: to, hours, stops } = at(routes, n % routes.length);
  const cabins =
    hours >= 4
      ? ["Economy", "Premium", "Business"]
      : rng.chance(0.7)
        ? ["Economy", "Business"]
        : [];
  const bag = rng.chance(0.5);
  return {
    title: `${origin} to ${city} Flight`,
    noun: "flight",
    summary: `${stops ? "One-stop" : "Nonstop"} flight from ${origin} (${code}) to ${city} (${to}), about ${Math.round(hours)} h${bag ? ", checked bag included" : ""}.`,
    intro: `Fly from ${origin} to ${city} with ${ctx.brand ?? "our partner airline"}. ${rng.pick([
      "Daily departures in the morning and the evening.",
      "Seats with extra legroom are available at check-in.",
      "Free changes up to 14 days before departure.",
    ])}`,
    tags: ["flight", city, stops ? "one-stop" : "nonstop"],
    options: cabins.length ? [{ name: "Cabin", values: cabins }] : [],
    price: ([cabin = "Economy"]) =>
      Math.round((4500 + hours * 5500) * (stops ? 0.85 : 1) * (cabinFactor[cabin] ?? 1)),
    tracked: never,
    attributes: [
      attr.text("Origin", `${origin} (${code})`),
      attr.text("Destination", `${city} (${to})`),
      attr.number("Stops", stops),
      attr.number("Duration", hours, "h"),
      attr.boolean("Checked bag included", bag),
    ],
  };
}

const transmissions = list("Manual, Automatic");
const fuels = list("Petrol, Diesel, Hybrid, Electric");
/** car class | seats | transmission | fuel | price a day */
const carClasses = table(
  `
City Car          |4|Manual   |Petrol  |2800
Economy Hatchback |5|Manual   |Petrol  |3200
Compact Sedan     |5|Automatic|Petrol  |3800
Hybrid Crossover  |5|Automatic|Hybrid  |5200
Electric Compact  |5|Automatic|Electric|5500
Family SUV        |7|Automatic|Petrol  |6400
Minivan           |8|Automatic|Diesel  |7200
Pickup Truck      |5|Automatic|Diesel  |7000
Convertible       |4|Automatic|Petrol  |8900
Luxury Sedan      |5|Automatic|Hybrid  |12000
Cargo Van         |3|Manual   |Diesel  |6800
`,
  (c) => ({
    carClass: c(0),
    seats: Number(c(1)),
    transmission: c(2),
    fuel: c(3),
    dayPrice: Number(c(4)),
  }),
);
const pickUps = {
  mx: list("Polanco, Mexico City Airport (MEX), Roma Norte"),
  us: list("JFK Airport, Midtown Manhattan, Brooklyn"),
};
const rentalDays = list("1 day, 3 days, 7 days");
const daysFactor = [1, 3 * 0.93, 7 * 0.85];

function carRental(ctx: Ctx): Draft {
  const { rng, n } = ctx;
  const place = ctx.org.place === "us" ? "us" : "mx";
  const car = at(carClasses, n % carClasses.length);
  const location = at(pickUps[place], n % 3);
  // American rental fleets are automatic.
  const transmission = place === "us" ? "Automatic" : car.transmission;
  return {
    title: `${car.carClass} Rental – ${location}`,
    noun: "car",
    summary: `A ${car.carClass.toLowerCase()} with ${car.seats} seats and ${transmission.toLowerCase()} transmission, picked up in ${location}.`,
    intro: `Rent a ${car.carClass.toLowerCase()} from ${ctx.brand ?? "our partner"} in ${location}. ${rng.pick(
      [
        "The car is cleaned and checked before every rental.",
        "Child seats and a second driver can be added at the desk.",
        "Return it with a full tank, or we refuel it at the pump price.",
      ],
    )}`,
    tags: ["car-rental", car.carClass, car.fuel],
    options: rng.chance(0.8) ? [{ name: "Days", values: rentalDays }] : [],
    price: ([days = "1 day"]) =>
      Math.round(car.dayPrice * (daysFactor[rentalDays.indexOf(days)] ?? 1)),
    tracked: never,
    attributes: [
      attr.number("Seats", car.seats),
      attr.oneOf("Transmission", transmission, transmissions),
      attr.oneOf("Fuel", car.fuel, fuels),
      attr.text("Pick-up location", location),
      attr.boolean("Unlimited mileage", rng.chance(0.5)),
    ],
  };
}

const builders: Record<ProductCategory, (ctx: Ctx) => Draft> = {
  electronics,
  fashion,
  groceries: grocery,
  books: book,
  home,
  course,
  flight,
  "car-rental": carRental,
};

const closings: Record<ProductCategory, string> = {
  electronics: "Ships with a two-year warranty and a USB-C cable. Free returns within 30 days.",
  fashion: "Free size exchanges within 30 days. Wash inside out to keep the colour bright.",
  groceries: "Packed by hand in our shop and shipped in recyclable packaging.",
  books: "Every copy ships in a recycled cardboard sleeve; ebooks arrive as EPUB files.",
  home: "Made in small batches, so each piece varies slightly. Delivered plastic-free.",
  course: "Lessons stay available for a year. Cancel up to 7 days before the start for a refund.",
  flight: "Fares include taxes and a personal item. Seats are assigned at check-in.",
  "car-rental":
    "Includes basic insurance and 24/7 roadside assistance. A refundable deposit is held at pick-up.",
};

const palettes: Record<ProductCategory, string[]> = {
  electronics: list("#1f5f8b, #3b3f45, #6c5ce7, #00a8a8, #20232a, #8cc4e8"),
  fashion: list("#7a2331, #d8c3a0, #1d2a4a, #e8b4b8, #6b6b2f, #efe6d2"),
  groceries: list("#2f5d3a, #d6a21e, #c0643f, #8fa98c, #f2d16b, #7b3f2a"),
  books: list("#34406e, #efe6d2, #7a2331, #2f5d3a, #c9a227, #1f1f24"),
  home: list("#c0643f, #efe6d2, #8fa98c, #a9a39a, #36393d, #e5735a"),
  course: list("#6c5ce7, #f2d16b, #00a8a8, #e5735a, #34406e, #8fa98c"),
  flight: list("#8cc4e8, #1f5f8b, #f4f4f0, #34406e, #f2a65a, #5fb3d9"),
  "car-rental": list("#d6a21e, #20232a, #c0392b, #a9a39a, #1f5f8b, #f4f4f0"),
};

// ── Money, stock and identifiers ───────────────────────────────────────────────────────

/** Reference euros to each currency (rounded rates: the demo needs plausible, not exact). */
const perEuro: Record<string, number> = { EUR: 1, GBP: 0.86, USD: 1.08, MXN: 20 };

/** A reference price (euro cents) as a shop price in the currency's minor units: 24.99, $1,299. */
function shopPrice(referenceCents: number, currency: string): number {
  const scale = 10 ** currencyDigits(currency);
  const major = (referenceCents / 100) * (perEuro[currency] ?? 1);
  if (currency === "MXN") return (Math.max(1, Math.round(major / 10)) * 10 - 1) * scale;
  return Math.max(1, Math.round(major)) * scale - 1;
}

/** Categories of physical goods: stock is tracked (but not for ebooks), most have a GTIN. */
const physical: readonly ProductCategory[] = [
  "electronics",
  "fashion",
  "groceries",
  "books",
  "home",
];
const mpnShare: Partial<Record<ProductCategory, number>> = {
  electronics: 0.8,
  fashion: 0.5,
  home: 0.5,
  groceries: 0.2,
};

function taxClassOf(category: ProductCategory, org: OrgSpec): TaxClass {
  if (category === "groceries") return "reduced";
  if (category === "books") return org.place === "uk" ? "zero" : "reduced";
  if (category === "course") return "exempt";
  if (category === "flight") return "zero";
  return "standard";
}

/** A SKU part for an option value: short ones whole ("M", "128GB"), else "GRA", "PAC3". */
const optionCode = (value: string) => {
  const alnum = value.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (alnum.length <= 5) return alnum;
  return alnum.replace(/[0-9]/g, "").slice(0, 3) + alnum.replace(/[^0-9]/g, "");
};
const letters = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z]/g, "")
    .slice(0, 3);

/** Every combination of the options' values, the first option varying slowest. */
const combinations = (options: Draft["options"]): string[][] =>
  options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  );

// ── Reviews ────────────────────────────────────────────────────────────────────────────

const reviewerNames = list(
  "Lucía Fernández, Tom Whitaker, Mariana Ortega, Jordi Puig, Priya Nair, Sam O'Connor, Valentina Ruiz, Hugo Martín, Grace Liu, Diego Salinas",
);
type Rating = DemoReview["rating"];
type Tier = "good" | "mixed" | "bad";
const tierOf = (rating: Rating): Tier => (rating >= 4 ? "good" : rating === 3 ? "mixed" : "bad");
const reviewTitles: Record<Rating, string[]> = {
  5: ["Exactly what I hoped for", "Love it", "Excellent quality", "Would buy again", "Brilliant"],
  4: ["Very good overall", "Solid choice", "Really pleased", "Good value"],
  3: ["Okay for the price", "Mixed feelings", "Does the job"],
  2: ["Not quite right", "Disappointing", "Expected more"],
  1: ["Would not recommend", "Very disappointed", "Not as described"],
};
const openers: Record<Tier, string[]> = {
  good: [
    "Really happy with this {noun}.",
    "This {noun} is even better than in the photos.",
    "Second order from this shop and again no complaints.",
  ],
  mixed: ["This {noun} is fine, but nothing special.", "Some things I like about this {noun}."],
  bad: ["I wanted to like this {noun} more.", "Sadly this {noun} did not work out for me."],
};
/** category | good | mixed | bad */
const categoryLines = new Map(
  table(
    `
electronics|Battery life is great and setup took two minutes.|Works well, though the charger is sold separately.|It kept disconnecting and support was slow to answer.
fashion|The fabric feels lovely and the fit is true to size.|Nice fabric, but the sizing runs a little small.|The colour was different in person and a seam came loose.
groceries|Fresh, full of flavour and well packed.|Tastes good, though the pack is smaller than I thought.|It arrived close to its best-before date and tasted stale.
books|Beautifully written; I finished it in a weekend.|A good read, although the middle drags a bit.|I couldn't get into it and the print quality was poor.
home|Well made and looks great in our living room.|Looks nice, but the finish has a few marks.|It arrived chipped and looks cheaper than in the photos.
course|The teacher explains everything clearly and the exercises are useful.|Good content, but some lessons felt rushed.|Too basic for the price and the videos were out of date.
flight|Boarding was smooth and we landed early.|Comfortable enough, but we left forty minutes late.|Delayed for hours with hardly any information.
car-rental|Clean car, quick pick-up and no hidden fees.|The car was fine, but pick-up took a while.|The car was dirty and the deposit took weeks to come back.
`,
    (c): [string, Record<Tier, string>] => [c(0), { good: c(1), mixed: c(2), bad: c(3) }],
  ),
);
const replies: Record<Tier, string[]> = {
  good: ["Thank you so much for your kind words!", "Thanks for shopping with us. See you soon!"],
  mixed: ["Thanks for the honest feedback; we have passed it on to the team."],
  bad: [
    "We're sorry to hear this. Please write to us so we can put it right.",
    "Apologies! Our team will contact you about a refund or a replacement.",
  ],
};

// ── Assembly ───────────────────────────────────────────────────────────────────────────

function formatAttribute({ value, unit }: DemoAttribute): string {
  const text = Array.isArray(value)
    ? value.join(", ")
    : typeof value === "boolean"
      ? value
        ? "Yes"
        : "No"
      : String(value);
  return unit ? `${text} ${unit}` : text;
}

/** The title itself, or with " II", " III" … when its slug is taken in the organisation. */
function uniqueTitle(title: string, slugs: ReadonlySet<string>): string {
  for (const suffix of ["", " II", " III", " IV", " V"]) {
    if (!slugs.has(slugifyTitle(title + suffix))) return title + suffix;
  }
  throw new Error(`No free slug for ${title}`);
}

function buildCatalogue(): DemoCatalogue {
  const organisations = orgSpecs.map((o): DemoOrganisation => ({
    id: o.id,
    name: o.name,
    slug: o.slug,
    city: o.city,
    country: o.country,
    currency: o.currency,
    address: { ...o.address },
    latitude: o.latitude,
    longitude: o.longitude,
    description: o.description,
  }));
  const brands = brandRows.map((row, i): DemoBrand => ({
    id: counterId("0000000d0", i + 1),
    organisationId: orgSpecs.find((o) => o.code === row.org)?.id ?? "",
    name: row.name,
    description: row.description,
    website: row.website ? `https://${slugifyTitle(row.name)}.example` : null,
  }));
  const products: DemoProduct[] = [];
  const nouns = new Map<string, string>();
  let variantNo = 0;

  for (const org of orgSpecs) {
    const slugs = new Set<string>();
    let gtinNo = 0;
    let orgProductNo = 0;
    for (const [category, count] of org.plan) {
      const categoryBrands = brandRows.filter((b) => b.org === org.code && b.category === category);
      for (let n = 0; n < count; n++) {
        const productNo = products.length + 1;
        orgProductNo += 1;
        const rng = rngFor(`${org.slug}/${category}/${n}`);
        const brand =
          categoryBrands.length && !(category === "groceries" && rng.chance(0.25))
            ? rng.pick(categoryBrands).name
            : null;
        const draft = builders[category]({ rng, org, brand, n });
        const id = counterId("0000001", productNo);
        const title = uniqueTitle(draft.title, slugs);
        const slug = slugifyTitle(title);
        slugs.add(slug);

        const onSale = rng.chance(0.2);
        const combos = combinations(draft.options);
        if (combos.length > 12) throw new Error(`${title}: more than 12 variants`);
        const productCode = `${org.code}-${letters(category)}${String(orgProductNo).padStart(3, "0")}`;
        const variants = combos.map((values): DemoVariant => {
          variantNo += 1;
          const reference = draft.price(values);
          const priceMinor = shopPrice(reference, org.currency);
          const wasMinor = shopPrice(reference * (1.15 + rng.next() * 0.25), org.currency);
          const trackStock = physical.includes(category) && draft.tracked(values);
          const low = rng.int(1, 5);
          const plenty = rng.int(6, 140);
          return {
            id: counterId("0000002", variantNo),
            optionValues: values,
            sku: [productCode, ...values.map(optionCode)].join("-"),
            priceMinor,
            compareAtMinor: onSale ? Math.max(wasMinor, priceMinor + 100) : null,
            trackStock,
            stock: trackStock
              ? rng.weighted([
                  [0, 8],
                  [low, 15],
                  [plenty, 77],
                ])
              : null,
          };
        });

        const externalIds: DemoProduct["externalIds"] = [];
        if (category === "books") {
          // An ISBN-10 and its 978 ISBN-13: one book, so one matchKey shared by the two rows.
          const body9 = org.isbnStem + String(n + 1).padStart(9 - org.isbnStem.length, "0");
          externalIds.push(
            { type: "isbn13", value: `978${body9}${gtinCheckDigit(`978${body9}`)}` },
            { type: "isbn10", value: body9 + isbn10CheckDigit(body9) },
          );
        } else if (physical.includes(category) && rng.chance(0.9)) {
          gtinNo += 1;
          const width = (org.gtinType === "upc" ? 11 : 12) - org.gs1.length;
          const body = org.gs1 + String(gtinNo * 7 + 10).padStart(width, "0");
          externalIds.push({ type: org.gtinType, value: body + gtinCheckDigit(body) });
        }
        if (rng.chance(mpnShare[category] ?? 0)) {
          const model = letters(title.slice(brand?.length ?? 0));
          const mpn = `${letters(brand ?? org.name)}-${model}${1000 + productNo}`;
          externalIds.push({ type: "mpn", value: mpn });
        }

        const status: ListingStatus =
          productNo % 12 === 5 ? "draft" : productNo % 40 === 17 ? "archived" : "published";
        const bullets = draft.attributes
          .filter((a) => a.type !== "colour")
          .map((a) => `- **${a.name}:** ${formatAttribute(a)}`)
          .join("\n");
        const [first = "#1f5f8b", second = "#efe6d2"] = rng.sample(palettes[category], 2);
        nouns.set(id, draft.noun);
        products.push({
          id,
          organisationId: org.id,
          brandId: brands.find((b) => b.organisationId === org.id && b.name === brand)?.id ?? null,
          slug,
          title,
          summary: draft.summary,
          description: [draft.intro, bullets, closings[category]].join("\n\n"),
          category,
          tags: [...new Set(draft.tags.map(slugifyTitle).filter(Boolean))],
          status,
          taxClass: taxClassOf(category, org),
          publishedDaysAgo: rng.int(3, 420),
          options: draft.options.map((o) => ({ name: o.name, values: [...o.values] })),
          variants,
          attributes: draft.attributes,
          externalIds,
          palette: [first, second],
        });
      }
    }
  }

  const reviewers = reviewerNames.map((displayName, i): DemoReviewer => ({
    id: counterId("0000000b0", i + 1),
    email: `${slugifyTitle(displayName).replace(/-/g, ".")}@demo.livemarket.test`,
    displayName,
  }));
  const reviews: DemoReview[] = [];
  for (const product of products) {
    if (product.status !== "published") continue;
    const rng = rngFor(`reviews/${product.id}`);
    const count = rng.weighted([
      [0, 26],
      [1, 31],
      [2, 23],
      [3, 12],
      [4, 8],
    ]);
    for (const reviewer of rng.sample(reviewers, count)) {
      const rating = rng.weighted<Rating>([
        [5, 46],
        [4, 30],
        [3, 11],
        [2, 7],
        [1, 6],
      ]);
      const tier = tierOf(rating);
      const opener = rng.pick(openers[tier]).replace("{noun}", nouns.get(product.id) ?? "item");
      reviews.push({
        id: counterId("0000003", reviews.length + 1),
        productId: product.id,
        authorUserId: reviewer.id,
        rating,
        title: rng.pick(reviewTitles[rating]),
        body: `${opener} ${categoryLines.get(product.category)?.[tier] ?? ""}`.trim(),
        daysAgo: rng.int(0, product.publishedDaysAgo),
        // Shops answer complaints more often than praise.
        reply: rng.chance(tier === "good" ? 0.14 : 0.5) ? rng.pick(replies[tier]) : null,
      });
    }
  }
  return { organisations, brands, products, reviewers, reviews };
}
