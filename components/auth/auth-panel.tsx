import { type ReactNode } from "react";

/** The narrow centred column of the sign-in and profile forms. */
export function AuthPanel({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {intro ? <p className="mt-3 text-muted-foreground">{intro}</p> : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}
