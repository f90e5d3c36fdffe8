import "server-only";
import type { LucideIconData, LucideIconNode } from "lucide-react";
import { type IconName, iconNames } from "./icon-names";

function isIconData(value: unknown): value is LucideIconData {
  return (
    typeof value === "object" &&
    value !== null &&
    "node" in value &&
    Array.isArray((value as { node: unknown }).node)
  );
}

/**
 * lucide's data of one icon, read at run time through Node's own module loader (not bundled:
 * the per-icon modules also build lucide's client component). An icon's own module exports
 * it as `__iconData`; an alias's module (`music` for `eighth-notes`) re-exports only the
 * component, whose render passes the same data to lucide's `Icon` as its `icon` prop.
 */
export async function lucideIconData(name: string): Promise<LucideIconData> {
  const loaded = (await import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ `lucide-react/icons/${name}`
  )) as { __iconData?: unknown; default?: { render?: (props: object, ref: null) => unknown } };
  if (isIconData(loaded.__iconData)) return loaded.__iconData;
  const element = loaded.default?.render?.({}, null) as { props?: { icon?: unknown } } | undefined;
  if (isIconData(element?.props?.icon)) return element.props.icon;
  throw new Error(`lucide-react/icons/${name} exports no icon data`);
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
};

function escapeXml(value: string): string {
  return value.replace(/[&<>"]/g, (character) => escapes[character] ?? character);
}

function serialiseNode([tag, attributes, children]: LucideIconNode): string {
  const attrs = Object.entries(attributes)
    // React's key is not an SVG attribute.
    .filter(([name, value]) => name !== "key" && value !== undefined && value !== null)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join("");
  const inner = (children ?? []).map(serialiseNode).join("");
  return inner ? `<${tag}${attrs}>${inner}</${tag}>` : `<${tag}${attrs}/>`;
}

/**
 * One `<symbol>` per icon; the `id` is the lucide name. lucide's default presentation (no fill,
 * a 2 px round stroke in the text colour) is the `.icon` class's (app/globals.css), which the
 * `<use>` instance inherits, so a utility on the page's `<svg>` can still change it
 * (`fill-current` fills the favourite heart).
 */
export function iconSymbol(name: string, icon: LucideIconData): string {
  const width = icon.size ?? icon.width ?? 24;
  const height = icon.size ?? icon.height ?? 24;
  return (
    `<symbol id="${escapeXml(name)}" viewBox="0 0 ${width} ${height}">` +
    `${icon.node.map(serialiseNode).join("")}</symbol>`
  );
}

/** The whole sprite: every icon of `iconNames`. */
export async function buildIconSprite(names: readonly IconName[] = iconNames): Promise<string> {
  const symbols = await Promise.all(
    names.map(async (name) => iconSymbol(name, await lucideIconData(name))),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
}
