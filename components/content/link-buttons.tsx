import { BookOpen, Handshake, Mail, Store, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";

const ICONS = { hub: Store, docs: BookOpen, partners: Handshake, contact: Mail } satisfies Record<
  string,
  LucideIcon
>;

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
          const Icon = ICONS[link.icon];
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                className={cn(
                  buttonVariants({ variant: index === 0 ? "primary" : "outline", size: "xl" }),
                  "w-full",
                )}
              >
                <Icon aria-hidden="true" />
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
