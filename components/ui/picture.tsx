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
export function Picture({ fetchPriority, ...props }: ImageProps) {
  const { props: image } = getImageProps({
    ...props,
    fetchPriority: fetchPriority ?? (props.priority ? "high" : undefined),
  });
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- alt is in `image`
  return <img {...image} />;
}
