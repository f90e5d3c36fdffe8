import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ModuleOff } from "@/components/backoffice/module-off";
import { PageHeader } from "@/components/backoffice/page-header";
import { OrderList } from "@/components/orders/order-list";
import { gatePage } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { pageParam, statusParam } from "@/lib/orders/list-params";
import { listSellerOrders } from "@/lib/orders/queries";

type Props = {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orders.seller");
  return { title: t("metaTitle") };
}

/** commerce/order: the orders placed with the organisation, filtered by status, paged. */
export default async function SellerOrdersPage({ params, searchParams }: Props) {
  const { organisationId } = await params;
  const gate = await gatePage(organisationId, "commerce.order.read", "commerce");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="commerce" />;
  const { access } = gate;
  const query = await searchParams;
  const status = statusParam(query.status);
  const [t, page] = await Promise.all([
    getTranslations("orders.seller"),
    listSellerOrders(access.claims, access.organisation.id, {
      status,
      page: pageParam(query.page),
    }),
  ]);
  return (
    <>
      <PageHeader title={t("title")} description={t("intro")} />
      <OrderList
        page={page}
        status={status}
        basePath={organisationPath(access.organisation.id, "/commerce/order")}
        showBuyer
      />
    </>
  );
}
