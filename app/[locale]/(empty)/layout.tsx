import { type ReactNode } from "react";
import { EmptyLayout } from "@/components/layout/empty-layout";

export default function EmptyGroupLayout({ children }: { children: ReactNode }) {
  return <EmptyLayout>{children}</EmptyLayout>;
}
