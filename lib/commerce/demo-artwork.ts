import type { ProductCategory } from "@/lib/commerce/catalogue-types";
import type { DemoProduct } from "@/lib/commerce/demo-catalogue";

/**
 * Artwork for the demo catalogue's gallery images, made locally (nothing is downloaded): an
 * 800×800 SVG with a gradient of the product's palette and one simple geometric shape per
 * category. No text, scripts, links or external references, so it is safe to store and to
 * serve as an image. Deterministic: the title and `variant` only turn and move the shapes.
 */

/** White shapes drawn on the gradient, centred on (400, 400). */
const shapes: Record<ProductCategory, string> = {
  // A phone: body and camera.
  electronics:
    '<rect x="270" y="160" width="260" height="480" rx="40"/><circle cx="400" cy="590" r="18" fill-opacity=".5"/>',
  // A T-shirt.
  fashion:
    '<path d="M310 190 230 250 270 340 310 320V610H490V320L530 340 570 250 490 190Q400 260 310 190Z"/>',
  // A fruit with its leaf.
  groceries:
    '<circle cx="400" cy="430" r="190"/><ellipse cx="460" cy="210" rx="70" ry="30" transform="rotate(-30 460 210)"/>',
  // A stack of books.
  books:
    '<rect x="230" y="470" width="340" height="80" rx="10"/><rect x="260" y="380" width="300" height="80" rx="10"/><rect x="210" y="290" width="340" height="80" rx="10"/>',
  // A house.
  home: '<path d="M400 170 620 370H570V620H230V370H180Z"/>',
  // A graduation cap.
  course:
    '<path d="M400 230 650 340 400 450 150 340Z"/><path d="M280 400V520Q400 580 520 520V400L400 455Z"/>',
  // A paper plane.
  flight: '<path d="M160 420 640 200 520 620 410 500 600 250 340 460Z"/>',
  // A car: body, cabin and wheels.
  "car-rental":
    '<rect x="170" y="390" width="460" height="130" rx="40"/><path d="M280 400 330 300H480L540 400Z"/><circle cx="290" cy="530" r="50"/><circle cx="510" cy="530" r="50"/>',
};

const HEX = /^#[0-9a-f]{6}$/i;

/** FNV-1a: a stable number from the title, for the artwork's small variations. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function productArtworkSvg(
  product: Pick<DemoProduct, "title" | "category" | "palette">,
  variant = 0,
): string {
  // Only "#rrggbb" reaches the markup: anything else falls back to the default palette.
  const colour = (value: string, fallback: string) =>
    HEX.test(value) ? value.toLowerCase() : fallback;
  const from = colour(product.palette[0], "#1f5f8b");
  const to = colour(product.palette[1], "#efe6d2");
  const seed = hash(`${product.title}/${variant}`);
  const id = `g${seed.toString(36)}`;
  const angle = (seed % 25) - 12;
  const corner = variant % 4;
  const [x1, y1, x2, y2] = [corner & 1, corner >> 1, 1 - (corner & 1), 1 - (corner >> 1)];
  const bubble = (n: number) => {
    const h = hash(`${seed}/${n}`);
    return `<circle cx="${h % 800}" cy="${(h >>> 10) % 800}" r="${60 + (h % 140)}" fill-opacity=".12"/>`;
  };
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">` +
    `<defs><linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="800" height="800" fill="url(#${id})"/>` +
    `<g fill="#fff">${bubble(1)}${bubble(2)}</g>` +
    `<g fill="#fff" fill-opacity=".88" transform="rotate(${angle} 400 400)">${shapes[product.category]}</g>` +
    `</svg>`
  );
}
