import type { LucideIconData, LucideIconNode } from "lucide-react";
import { createElement, type ReactNode, type SVGProps } from "react";
import { cn } from "@/lib/utils/cn";

export type { LucideIconData as IconData };

function renderNode([tag, attributes, children]: LucideIconNode): ReactNode {
  // The node's attributes carry its React key, as lucide's own Icon passes them.
  return createElement(tag, attributes, children?.map(renderNode));
}

/**
 * A lucide icon drawn as a plain `<svg>` from the icon's data, with lucide's default
 * attributes and classes (the same markup as lucide's components). It holds no hook and no
 * client module; server components use it through `ServerIcon` (server-icon.tsx). Hidden from
 * assistive technology unless it is given a label.
 */
export function SvgIcon({
  icon,
  className,
  ...props
}: { icon: LucideIconData } & Omit<SVGProps<SVGSVGElement>, "children">) {
  const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
  const width = icon.size ?? icon.width ?? 24;
  const height = icon.size ?? icon.height ?? 24;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox={`0 0 ${width} ${height}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn(
        "lucide",
        icon.name && `lucide-${icon.name}`,
        icon.aliases?.map((alias) => `lucide-${alias}`),
        className,
      )}
      aria-hidden={labelled ? undefined : true}
      {...props}
    >
      {icon.node.map(renderNode)}
    </svg>
  );
}
