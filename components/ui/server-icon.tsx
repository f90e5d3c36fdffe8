import "server-only";
import type { LucideIconData } from "lucide-react";
import type { IconName } from "lucide-react/dynamic";
import { type SVGProps } from "react";
import { SvgIcon } from "./svg-icon";

/**
 * lucide's data of one icon, read on the server at run time through Node's own module
 * loader. Not bundled on purpose: the per-icon modules also build lucide's React component,
 * whose base `Icon` is a client module, and a bundled import would make every page that
 * draws a server icon load it (1.2 kB gzipped, docs/bench.md). The data is the same object
 * lucide's components draw (`__iconData` of `lucide-react/icons/<name>`).
 */
export async function lucideIconData(name: IconName): Promise<LucideIconData> {
  const loaded: unknown = await import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ `lucide-react/icons/${name}`
  );
  const data =
    typeof loaded === "object" && loaded !== null && "__iconData" in loaded
      ? (loaded.__iconData as LucideIconData)
      : null;
  if (!data || !Array.isArray(data.node)) {
    throw new Error(`lucide-react/icons/${name} exports no icon data`);
  }
  return data;
}

/**
 * A lucide icon rendered by the server as a plain `<svg>` (`SvgIcon`): server components and
 * the icons they hand to client components cost the browser no JavaScript. Client
 * components keep importing lucide's components.
 */
export async function ServerIcon({
  name,
  ...props
}: { name: IconName } & Omit<SVGProps<SVGSVGElement>, "children">) {
  return <SvgIcon icon={await lucideIconData(name)} {...props} />;
}
