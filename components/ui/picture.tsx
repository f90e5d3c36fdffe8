import { getImageProps, type ImageProps } from "next/image";

/**
 * A picture through Next's image optimizer (srcset at the widths `sizes` asks for, lazy unless
 * `priority`), drawn as a plain <img>: `getImageProps` computes what next/image would, without
 * shipping its client component, which public pages would otherwise load for every picture
 * (about 5 KiB gzipped of first-load JS; docs/commerce.md, "Pictures").
 *
 * `priority` is for the page's largest picture (its LCP element): loaded eagerly and, unless
 * `fetchPriority` says otherwise, with `fetchpriority="high"`. `getImageProps` only makes it
 * eager (Next 16's `priority` no longer hints the fetch, and its preload needs the client
 * component), so the browser fetched it at the default priority, behind the scripts
 * (docs/bench.md, "LCP").
 */
export function Picture({
  fetchPriority,
  maxWidth,
  ...props
}: ImageProps & {
  /**
   * The widest file any screen needs for this picture's `sizes` (its widest CSS width times
   * the densest screen it is drawn on): wider entries leave the srcset, and `src` (for
   * browsers without srcset) is the widest one kept. A grid card never needs the 1,200 and
   * 1,920 px files, and each entry is about 90 bytes, twice in the page (markup and payload).
   */
  maxWidth?: number;
}) {
  const { props: image } = getImageProps({
    ...props,
    fetchPriority: fetchPriority ?? (props.priority ? "high" : undefined),
  });
  if (maxWidth !== undefined) Object.assign(image, narrowSrcSet(image.srcSet, maxWidth));
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- alt is in `image`
  return <img {...image} />;
}

/** The srcset's entries up to `maxWidth` (at least the narrowest), and the widest kept as src. */
export function narrowSrcSet(
  srcSet: string | undefined,
  maxWidth: number,
): { srcSet?: string; src?: string } {
  if (!srcSet) return {};
  const entries = srcSet.split(", ").map((entry) => {
    const space = entry.lastIndexOf(" ");
    const descriptor = entry.slice(space + 1);
    const width = /^\d+w$/.test(descriptor) ? Number.parseInt(descriptor, 10) : Number.NaN;
    return { url: entry.slice(0, space), width };
  });
  if (entries.some((e) => !Number.isFinite(e.width))) return {};
  const kept = entries.filter((e) => e.width <= maxWidth);
  const chosen = kept.length > 0 ? kept : entries.slice(0, 1);
  return {
    srcSet: chosen.map((e) => `${e.url} ${e.width}w`).join(", "),
    src: chosen[chosen.length - 1]!.url,
  };
}
