import type { IconName } from "@/lib/icons/icon-names";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { cn } from "@/lib/utils/cn";

const ICONS = {
  hub: "store",
  docs: "book-open",
  partners: "handshake",
  contact: "mail",
} as const satisfies Record<string, IconName>;

export interface LinkButton {
  href: string;
  label: string;
  icon: keyof typeof ICONS;
}

/** The big full-width buttons of the link-in-bio page. */
export function LinkButtons({ label, links }: { label: string; links: readonly LinkButton[] }) {
  return (
    <nav aria-label={label} className="w-full">
      <ul className="flex w-full flex-col gap-4">
        {links.map((link, index) => {
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                className={cn(
                  buttonVariants({ variant: index === 0 ? "primary" : "outline", size: "xl" }),
                  "w-full",
                )}
              >
                <Icon name={ICONS[link.icon]} />
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
