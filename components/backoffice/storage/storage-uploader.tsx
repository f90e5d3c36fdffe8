"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import type { ActionState } from "@/lib/backoffice/action-state";
import { hasForbiddenExtension, isValidFileName } from "@/lib/files/file-rules";
import { translateValidationMessage } from "@/lib/validation/messages";
import { cn } from "@/lib/utils/cn";
import { Icon } from "@/components/ui/icon";

type UploadStatus = "waiting" | "sending" | "done" | "error";

interface UploadItem {
  key: number;
  name: string;
  percent: number;
  status: UploadStatus;
  message?: string;
}

/** How many files go up at once. */
const PARALLEL = 2;

type Answer = ActionState<{ id: string; name: string }>;

/** Sends one file as the raw request body, reporting upload progress (XMLHttpRequest). */
function sendFile(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<Answer | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as Answer | null;
      resolve(body && typeof body === "object" && "status" in body ? body : null);
    };
    xhr.onerror = () => resolve(null);
    xhr.onabort = () => resolve(null);
    xhr.send(file);
  });
}

/**
 * Uploads into the open folder: drop files on the zone or choose them with the button (a
 * keyboard-reachable file picker). Each file shows its own progress bar and outcome; the
 * list of the folder refreshes when the batch is done.
 */
export function StorageUploader({
  organisationId,
  folderId,
  maxBytes,
  maxLabel,
}: {
  organisationId: string;
  folderId: string | null;
  maxBytes: number;
  maxLabel: string;
}) {
  const t = useTranslations("storage.upload");
  const tb = useTranslations("backoffice.errors");
  const tv = useTranslations("validation");
  const router = useRouter();
  const inputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const headingId = useId();

  const update = useCallback((key: number, change: Partial<UploadItem>) => {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  const messageOf = useCallback(
    (answer: Answer | null): string => {
      if (!answer) return t("network");
      if (answer.status === "error") return tb(answer.code as "failed");
      if (answer.status === "failed") return tb("failed", { requestId: answer.requestId });
      if (answer.status === "invalid") {
        const first = Object.values(answer.fieldErrors)[0]?.[0];
        return translateValidationMessage(tv, first);
      }
      return "";
    },
    [t, tb, tv],
  );

  /** The reason a file is refused before sending, or null. */
  const refusal = useCallback(
    (file: File): string | null => {
      if (!isValidFileName(file.name.trim())) return translateValidationMessage(tv, undefined);
      if (file.size > maxBytes) return tb("fileTooLarge");
      if (hasForbiddenExtension(file.name)) return tb("fileTypeForbidden");
      return null;
    },
    [maxBytes, tb, tv],
  );

  const uploadAll = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const batch = files.map((file) => ({ file, key: nextKey.current++ }));
      setItems((current) => [
        ...current,
        ...batch.map(({ file, key }) => ({
          key,
          name: file.name,
          percent: 0,
          status: "waiting" as const,
        })),
      ]);
      let succeeded = 0;
      const queue = [...batch];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const { file, key } = next;
          const refused = refusal(file);
          if (refused) {
            update(key, { status: "error", message: refused });
            toast({
              title: t("failedTitle", { name: file.name }),
              description: refused,
              variant: "danger",
            });
            continue;
          }
          update(key, { status: "sending" });
          const query = new URLSearchParams({ name: file.name.trim() });
          if (folderId) query.set("parentId", folderId);
          const answer = await sendFile(
            `/api/organisations/${organisationId}/files?${query.toString()}`,
            file,
            (percent) => update(key, { percent }),
          );
          if (answer?.status === "done") {
            succeeded++;
            update(key, { status: "done", percent: 100 });
            toast({ title: t("uploaded", { name: file.name }), variant: "success" });
          } else {
            const message = messageOf(answer);
            update(key, { status: "error", message });
            toast({
              title: t("failedTitle", { name: file.name }),
              description: message,
              variant: "danger",
            });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker));
      if (succeeded > 0) router.refresh();
    },
    [folderId, messageOf, organisationId, refusal, router, t, update],
  );

  const finished = items.some((item) => item.status === "done" || item.status === "error");

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="sr-only">
        {t("title")}
      </h2>
      <div
        data-testid="storage-dropzone"
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void uploadAll(Array.from(event.dataTransfer.files));
        }}
        className={cn(
          "flex flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed px-4 py-6 text-center text-sm transition-colors",
          dragging ? "border-primary bg-surface-2" : "border-border bg-surface",
        )}
      >
        <Icon name="upload" aria-hidden className="size-6 text-muted-foreground" />
        <p className="font-medium">{dragging ? t("dropActive") : t("drop")}</p>
        <p className="text-muted-foreground">{t("or")}</p>
        <Button type="button" variant="outline" onClick={() => inputRef.current?.click()}>
          {t("choose")}
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          aria-label={t("choose")}
          data-testid="storage-file-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = "";
            void uploadAll(files);
          }}
        />
        <p className="text-xs text-muted-foreground">{t("hint", { max: maxLabel })}</p>
      </div>
      {items.length > 0 ? (
        <div className="flex flex-col gap-2">
          <ul aria-label={t("listLabel")} className="flex flex-col gap-2">
            {items.map((item) => (
              <li
                key={item.key}
                className="rounded-card border border-border bg-surface p-3 text-sm"
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="min-w-0 break-all">{item.name}</span>
                  <span
                    aria-live="polite"
                    className="inline-flex shrink-0 items-center gap-1 text-muted-foreground"
                  >
                    {item.status === "done" ? (
                      <>
                        <Icon name="circle-check" aria-hidden className="size-4 text-accent" />
                        {t("done")}
                      </>
                    ) : item.status === "error" ? (
                      <Icon name="circle-alert" aria-hidden className="size-4 text-danger" />
                    ) : item.status === "sending" ? (
                      t("sending", { percent: item.percent })
                    ) : (
                      t("waiting")
                    )}
                  </span>
                </div>
                <div
                  role="progressbar"
                  aria-label={t("progress", { name: item.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.percent}
                  className="mt-2 h-1.5 overflow-hidden rounded-full bg-surface-2"
                >
                  <div
                    className={cn(
                      "h-full rounded-full transition-[width]",
                      item.status === "error" ? "bg-danger" : "bg-accent",
                    )}
                    style={{ width: `${item.status === "error" ? 100 : item.percent}%` }}
                  />
                </div>
                {item.message ? (
                  <p role="alert" className="mt-2 text-danger">
                    {item.message}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          {finished ? (
            <div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() =>
                  setItems((current) =>
                    current.filter(
                      (item) => item.status === "waiting" || item.status === "sending",
                    ),
                  )
                }
              >
                {t("clear")}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
