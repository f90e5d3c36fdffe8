import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/backoffice/page-header";
import { Badge } from "@/components/ui/badge";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { organisationPath } from "@/lib/backoffice/navigation";
import { formatBytes, isPreviewable } from "@/lib/files/file-rules";
import type { FileEntry, FolderCrumb, FolderPath } from "@/lib/files/files";
import { filesTable, storageHref, type FileSort } from "@/lib/files/storage-params";
import { formatDateTime } from "@/lib/i18n/format";
import { MAX_UPLOAD_BYTES } from "@/lib/modules/catalogue";
import type { OrganisationAccess } from "@/lib/organisations/access";
import { CreateFolderDialog } from "./create-folder-dialog";
import { FileRowMenu } from "./file-row-menu";
import { StorageUploader } from "./storage-uploader";
import { StorageUsage } from "./storage-usage";
import { Icon } from "@/components/ui/icon";

export interface StorageBrowserProps {
  access: OrganisationAccess;
  folderId: string | null;
  trail: FolderCrumb[];
  listing: { rows: FileEntry[]; total: number };
  table: { page: number; size: number; sort: FileSort; dir: "asc" | "desc" };
  summary: { used: number; quota: number };
  folders: FolderPath[];
}

export function downloadUrl(organisationId: string, fileId: string, inline = false): string {
  return `/api/organisations/${organisationId}/files/${fileId}${inline ? "?inline=1" : ""}`;
}

/** The storage screen: usage, uploads, the folder's breadcrumb and its entries. */
export async function StorageBrowser({
  access,
  folderId,
  trail,
  listing,
  table,
  summary,
  folders,
}: StorageBrowserProps) {
  const [t, locale] = await Promise.all([getTranslations("storage"), getLocale()]);
  const orgId = access.organisation.id;
  const base = organisationPath(orgId, "/storage");
  const canWrite = access.can("storage.file.write");
  const canDelete = access.can("storage.file.delete");
  const folderName = trail.at(-1)?.name ?? t("root");
  const crumbs = [{ id: null as string | null, name: t("root") }, ...trail];

  const columns: DataTableColumn<FileSort>[] = [
    { id: "name", header: t("columns.name"), sortKey: "name" },
    {
      id: "size",
      header: t("columns.size"),
      sortKey: "size",
      align: "end",
      className: "whitespace-nowrap",
    },
    {
      id: "updatedAt",
      header: t("columns.updatedAt"),
      sortKey: "updatedAt",
      className: "hidden whitespace-nowrap sm:table-cell",
    },
    { id: "actions", header: t("columns.actions"), align: "end" },
  ];

  const rows = listing.rows.map((entry) => ({
    id: entry.id,
    cells: {
      name:
        entry.kind === "folder" ? (
          <Link
            href={`${base}${storageHref({ folder: entry.id })}`}
            className="inline-flex min-w-0 items-center gap-2 font-medium break-all underline-offset-2 hover:underline"
            aria-label={t("openFolder", { name: entry.name })}
          >
            <Icon name="folder" aria-hidden className="size-5 shrink-0 text-primary-text" />
            {entry.name}
          </Link>
        ) : (
          <span className="inline-flex min-w-0 items-center gap-2">
            {isPreviewable(entry.contentType) ? (
              // eslint-disable-next-line @next/next/no-img-element -- a private, permission-checked image
              <img
                src={downloadUrl(orgId, entry.id, true)}
                alt={t("previewAlt", { name: entry.name })}
                width={40}
                height={40}
                loading="lazy"
                className="size-10 shrink-0 rounded-md border border-border object-cover"
              />
            ) : (
              <Icon
                name="file-text"
                aria-hidden
                className="size-5 shrink-0 text-muted-foreground"
              />
            )}
            <span className="break-all">{entry.name}</span>
            {entry.isPublic ? <Badge variant="outline">{t("public")}</Badge> : null}
          </span>
        ),
      size: entry.kind === "folder" ? t("folder") : formatBytes(entry.size, locale),
      updatedAt: formatDateTime(entry.updatedAt, {
        locale,
        timeZone: access.organisation.timeZone,
        dateStyle: "medium",
        timeStyle: "short",
      }),
      actions: (
        <FileRowMenu
          organisationId={orgId}
          entry={{ id: entry.id, kind: entry.kind, name: entry.name, parentId: folderId }}
          downloadHref={entry.kind === "file" ? downloadUrl(orgId, entry.id) : null}
          canWrite={canWrite}
          canDelete={canDelete}
          folders={folders}
          rootLabel={t("root")}
        />
      ),
    },
  }));

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          canWrite ? (
            <CreateFolderDialog
              organisationId={orgId}
              parentId={folderId}
              folderName={folderName}
            />
          ) : null
        }
      />
      <StorageUsage used={summary.used} quota={summary.quota} locale={locale} />
      {canWrite ? (
        <StorageUploader
          organisationId={orgId}
          folderId={folderId}
          maxBytes={MAX_UPLOAD_BYTES}
          maxLabel={formatBytes(MAX_UPLOAD_BYTES, locale)}
        />
      ) : null}
      <nav aria-label={t("breadcrumb")}>
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          {crumbs.map((crumb, index) => {
            const last = index === crumbs.length - 1;
            return (
              <li key={crumb.id ?? "root"} className="inline-flex min-w-0 items-center gap-1">
                {index > 0 ? (
                  <Icon name="chevron-right" aria-hidden className="size-4 text-muted-foreground" />
                ) : null}
                {last ? (
                  <span aria-current="page" className="font-semibold break-all">
                    {crumb.name}
                  </span>
                ) : (
                  <Link
                    href={`${base}${storageHref({ folder: crumb.id })}`}
                    className="break-all text-primary-text underline-offset-2 hover:underline"
                  >
                    {crumb.name}
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <DataTable
        caption={t("caption", { folder: folderName })}
        captionHidden
        config={filesTable}
        columns={columns}
        rows={rows}
        total={listing.total}
        state={table}
        empty={
          <EmptyState
            title={t("empty")}
            description={canWrite ? t("emptyHint") : t("emptyReadOnly")}
            headingLevel="h2"
            icon={<Icon name="folder" />}
          />
        }
      />
    </div>
  );
}
