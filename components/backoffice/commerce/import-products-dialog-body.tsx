"use client";

import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { type FormEvent, useCallback, useId, useState } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/components/ui/dialog";
import {
  isImportUploadCode,
  PRODUCTS_IMPORT_FIELD,
  PRODUCTS_IMPORT_MAX_BYTES,
  type ProductsImportAnswer,
} from "@/lib/commerce/products-import-answer";
import { formatCsvProblem } from "@/lib/commerce/products-csv-problems";
import type { LazyDialogProps } from "../use-lazy-dialog";

type Phase =
  | { kind: "idle" }
  | { kind: "sending"; percent: number }
  | { kind: "importing" }
  | { kind: "answered"; answer: ProductsImportAnswer | null };

/** Posts the file as multipart form data, reporting upload progress (XMLHttpRequest). */
function sendCsv(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  onSent: () => void,
): Promise<ProductsImportAnswer | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.upload.onload = onSent;
    xhr.onload = () => {
      const body = xhr.response as ProductsImportAnswer | null;
      resolve(body && typeof body === "object" && "status" in body ? body : null);
    };
    xhr.onerror = () => resolve(null);
    xhr.onabort = () => resolve(null);
    const form = new FormData();
    form.append(PRODUCTS_IMPORT_FIELD, file);
    xhr.send(form);
  });
}

/** Focuses the result when it appears, so screen readers read it and keyboards start there. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/**
 * The import dialog of import-products-dialog.tsx (loaded on first use): choose a file,
 * upload it with a progress bar, then read the outcome in place: the counts, or every
 * problem in a table by row and column (nothing was imported then), worded here from the
 * codes the route answers, in the reader's locale.
 */
export function ImportProductsDialogBody({
  organisationId,
  dialog: { onCloseAutoFocus, ...dialog },
}: {
  organisationId: string;
  dialog: LazyDialogProps;
}) {
  const t = useTranslations("commerce.import");
  const tb = useTranslations("backoffice.errors");
  const format = useFormatter();
  const router = useRouter();
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [refusal, setRefusal] = useState<string | null>(null);
  const max = format.number(PRODUCTS_IMPORT_MAX_BYTES / (1024 * 1024), {
    style: "unit",
    unit: "megabyte",
  });
  const busy = phase.kind === "sending" || phase.kind === "importing";

  const submit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      setRefusal(null);
      if (!file) return setRefusal(t("chooseFirst"));
      if (file.size > PRODUCTS_IMPORT_MAX_BYTES) {
        return setRefusal(t("errors.fileTooLarge", { max }));
      }
      setPhase({ kind: "sending", percent: 0 });
      const answer = await sendCsv(
        `/api/organisations/${organisationId}/products/import`,
        file,
        (percent) => setPhase({ kind: "sending", percent }),
        () => setPhase({ kind: "importing" }),
      );
      setPhase({ kind: "answered", answer });
      // The result in the dialog is the feedback (focused, so it is read out): no toast,
      // which would also take the first Escape from the dialog.
      if (answer?.status === "done" && answer.created + answer.updated > 0) router.refresh();
    },
    [busy, file, max, organisationId, router, t],
  );

  const answer = phase.kind === "answered" ? phase.answer : undefined;
  const failure =
    refusal ??
    (answer === null
      ? t("network")
      : answer?.status === "failed"
        ? tb("failed", { requestId: answer.requestId })
        : answer?.status === "error"
          ? isImportUploadCode(answer.code) || answer.code === "fileTooLarge"
            ? t(`errors.${answer.code}`, { max })
            : tb(answer.code as "failed")
          : null);

  return (
    <Dialog {...dialog}>
      <DialogContent size="lg" closeLabel={t("close")} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle className="pr-8">{t("title")}</DialogTitle>
        <DialogDescription className="mt-2">{t("intro")}</DialogDescription>
        <form onSubmit={submit} noValidate aria-busy={busy} className="mt-5 flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium">
              {t("file")}
            </label>
            <input
              id={inputId}
              type="file"
              name={PRODUCTS_IMPORT_FIELD}
              accept=".csv,text/csv"
              aria-describedby={hintId}
              disabled={busy}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setRefusal(null);
                setPhase({ kind: "idle" });
              }}
              className="text-sm file:mr-3 file:rounded-card file:border file:border-border file:bg-surface-2 file:px-3 file:py-1.5 file:text-foreground"
            />
            <p id={hintId} className="text-xs text-muted-foreground">
              {t("hint", { max })}
            </p>
          </div>
          {phase.kind === "sending" || phase.kind === "importing" ? (
            <div className="flex flex-col gap-2">
              <p aria-live="polite" className="text-sm text-muted-foreground">
                {phase.kind === "sending"
                  ? t("sending", { percent: phase.percent })
                  : t("importing")}
              </p>
              <div
                role="progressbar"
                aria-label={t("progress")}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={phase.kind === "sending" ? phase.percent : 100}
                className="h-1.5 overflow-hidden rounded-full bg-surface-2"
              >
                <div
                  className="h-full rounded-full bg-accent transition-[width]"
                  style={{ width: `${phase.kind === "sending" ? phase.percent : 100}%` }}
                />
              </div>
            </div>
          ) : null}
          <FormAlert message={failure} />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">{t("close")}</Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? t("importing") : t("submit")}
            </Button>
          </div>
        </form>
        {answer?.status === "done" ? <ImportDone answer={answer} /> : null}
        {answer?.status === "invalid" ? <ImportProblems errors={answer.errors} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ImportDone({ answer }: { answer: Extract<ProductsImportAnswer, { status: "done" }> }) {
  const t = useTranslations("commerce.import");
  const headingId = useId();
  const nothing = answer.created + answer.updated === 0;
  return (
    <section
      ref={focusOnMount}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="mt-5 rounded-card border border-border p-4 focus:outline-none"
      data-testid="import-result"
    >
      <h3 id={headingId} className="font-semibold">
        {t("doneTitle")}
      </h3>
      {nothing ? <p className="mt-1 text-sm">{t("nothingChanged")}</p> : null}
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        <li>{t("created", { count: answer.created })}</li>
        <li>{t("updated", { count: answer.updated })}</li>
        <li>{t("unchanged", { count: answer.unchanged })}</li>
      </ul>
    </section>
  );
}

function ImportProblems({
  errors,
}: {
  errors: Extract<ProductsImportAnswer, { status: "invalid" }>["errors"];
}) {
  const t = useTranslations("commerce.import");
  const format = useFormatter();
  const headingId = useId();
  const list = (items: string[]) => format.list(items, { type: "conjunction" });
  return (
    <section
      ref={focusOnMount}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="mt-5 flex flex-col gap-2 focus:outline-none"
      data-testid="import-result"
    >
      <h3 id={headingId} className="font-semibold text-danger">
        {t("invalidTitle", { count: errors.length })}
      </h3>
      <p className="text-sm text-muted-foreground">{t("invalidBody")}</p>
      <table className="w-full table-fixed border-collapse text-left text-sm">
        <caption className="sr-only">{t("errorsCaption")}</caption>
        <colgroup>
          <col className="w-16" />
          <col className="w-28 sm:w-40" />
          <col />
        </colgroup>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-2 font-medium">
              {t("row")}
            </th>
            <th scope="col" className="py-2 pr-2 font-medium">
              {t("column")}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t("problem")}
            </th>
          </tr>
        </thead>
        <tbody>
          {errors.map((error, i) => (
            <tr key={i} className="border-b border-border align-top">
              <td className="py-2 pr-2 tabular-nums">{error.row}</td>
              <td className="py-2 pr-2 font-mono text-xs break-all">
                {error.column ?? t("wholeRow")}
              </td>
              <td className="py-2 break-words">{formatCsvProblem(error, t, list)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
