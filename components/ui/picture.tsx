import { getImageProps, type ImageProps } from "next/image";

/**
 * A picture through Next's image optimizer (srcset at the widths `sizes` asks for, lazy unless
 * `priority`), drawn as a plain <img>: `getImageProps` computes what next/image would, without
 * shipping its client component, which public pages would otherwise load for every picture
 * (about 5 KiB gzipped of first-load JS; docs/commerce.md, "Pictures").
 */
export function Picture(props: ImageProps) {
  const { props: image } = getImageProps(props);
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- alt is in `image`
  return <img {...image} />;
}
