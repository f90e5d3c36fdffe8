import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { SearchParams } from "nuqs/server";
import { ModuleOff } from "@/components/backoffice/module-off";
import { StorageBrowser } from "@/components/backoffice/storage/storage-browser";
import { createDataTableLoader } from "@/components/ui/data-table/params";
import { clampPage, pageOffset } from "@/components/ui/data-table/pager";
import { gatePage } from "@/lib/backoffice/doors";
import { getFolderTrail, getStorageSummary, listFolder, listFolderPaths } from "@/lib/files/files";
import { filesTable, loadStorageParams } from "@/lib/files/storage-params";
import { ScreenMessages } from "@/components/backoffice/screen-messages-provider";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("storage");
  return { title: t("metaTitle") };
}

const loadTable = createDataTableLoader(filesTable);

/** The organisation's files: one folder at a time (`?folder=`), paged on the server. */
export default async function StoragePage({
  params,
  searchParams,
}: {
  params: Promise<{ organisationId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const { organisationId } = await params;
  const gate = await gatePage(organisationId, "storage.file.read", "storage");
  if (gate.moduleOff) return <ModuleOff organisationId={organisationId} module="storage" />;
  const { access } = gate;
  const [{ folder }, table] = await Promise.all([
    loadStorageParams(searchParams),
    loadTable(searchParams),
  ]);
  const folderId = folder || null;
  const trail = await getFolderTrail(access, folderId);
  if (!trail) notFound();
  const canWrite = access.can("storage.file.write");
  const first = await listFolder(access, folderId, {
    ...table,
    offset: pageOffset(table.page, table.size),
    limit: table.size,
  });
  const page = clampPage(table.page, first.total, table.size);
  const [listing, summary, folders] = await Promise.all([
    page === table.page
      ? first
      : listFolder(access, folderId, {
          ...table,
          offset: pageOffset(page, table.size),
          limit: table.size,
        }),
    getStorageSummary(access),
    canWrite ? listFolderPaths(access) : Promise.resolve([]),
  ]);
  return (
    <ScreenMessages scope="storage">
      <StorageBrowser
        access={access}
        folderId={folderId}
        trail={trail}
        listing={listing}
        table={{ ...table, page }}
        summary={summary}
        folders={folders}
      />
    </ScreenMessages>
  );
}
