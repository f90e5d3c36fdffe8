import { type ReactNode } from "react";
import { DefaultLayout } from "@/components/layout/default-layout";

export default function PublicLayout({ children }: { children: ReactNode }) {
  return <DefaultLayout>{children}</DefaultLayout>;
}
