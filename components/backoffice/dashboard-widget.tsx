import Link from "next/link";
import { type ReactNode, Suspense } from "react";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * One dashboard widget: its own Suspense fallback, so each streams in independently
 * (conventions §7). Later modules add their widget to the dashboard with this frame.
 */
export function DashboardWidget({
  title,
  link,
  children,
}: {
  title: string;
  link?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <Suspense fallback={<Skeleton className="h-16 w-full" />}>{children}</Suspense>
      </CardContent>
      {link ? (
        <CardFooter>
          <Link
            href={link.href}
            className="text-sm font-medium text-primary-text underline-offset-4 hover:underline"
          >
            {link.label}
          </Link>
        </CardFooter>
      ) : null}
    </Card>
  );
}
