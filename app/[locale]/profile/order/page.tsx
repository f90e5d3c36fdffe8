import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { OrderList } from "@/components/orders/order-list";
import { pageParam, statusParam } from "@/lib/orders/list-params";
import { listMyOrders } from "@/lib/orders/queries";
import { requireProfile } from "@/lib/profile/load-profile-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orders");
  return { title: t("metaTitle"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /profile/order: the buyer's orders, newest first, filtered by status, paginated. */
export default async function MyOrdersPage({ searchParams }: Props) {
  const t = await getTranslations("orders");
  const { claims } = await requireProfile("/profile/order");
  const query = await searchParams;
  const status = statusParam(query.status);
  const page = await listMyOrders(claims, { status, page: pageParam(query.page) });
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 md:py-10">
      <Link href="/profile" className="text-sm text-primary-text underline underline-offset-4">
        {t("back")}
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      <OrderList page={page} status={status} basePath="/profile/order" showBuyer={false} />
    </div>
  );
}
