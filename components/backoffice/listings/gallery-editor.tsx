"use client";

import Image from "next/image";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { useSettingsCommand } from "@/components/backoffice/settings/use-settings-command";
import type { ActionState } from "@/lib/backoffice/action-state";
import { ACCEPTED_IMAGE_TYPES } from "@/lib/images/image-types";

type GalleryDone = { id: string; tags: string[] };

export interface GalleryEditorImage {
  id: string;
  url: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * A listing's pictures in the back office: upload (several at once, one after another, to
 * the listing's images route), then per picture its description for screen readers, its
 * place (make it the cover, earlier, later) and removal. Every change refreshes the page.
 */
export function GalleryEditor({
  organisationId,
  listingId,
  uploadUrl,
  images,
  max,
  maxBytes,
  canWrite,
  canRemove,
  altTextAction,
  moveAction,
  removeAction,
}: {
  organisationId: string;
  listingId: string;
  uploadUrl: string;
  images: GalleryEditorImage[];
  max: number;
  maxBytes: number;
  canWrite: boolean;
  canRemove: boolean;
  altTextAction: BackofficeAction<GalleryDone>;
  moveAction: BackofficeAction<GalleryDone>;
  removeAction: BackofficeAction<GalleryDone>;
}) {
  const t = useTranslations("commerce.gallery");
  const tb = useTranslations("backoffice.errors");
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const titleId = useId();
  const hintId = useId();

  const describe = (state: ActionState<unknown>): string | null => {
    if (state.status === "done") return null;
    if (state.status === "error") return tb(state.code as "failed");
    return tb("failed", { requestId: state.status === "failed" ? state.requestId : "-" });
  };

  const upload = async (files: File[]) => {
    const room = Math.max(0, max - images.length);
    const problems: string[] = [];
    if (files.length > room) problems.push(tb("galleryFull"));
    const chosen = files.slice(0, room);
    let added = 0;
    for (const [index, file] of chosen.entries()) {
      setProgress(t("uploading", { current: index + 1, total: chosen.length }));
      if (file.size > maxBytes) {
        problems.push(`${file.name}: ${tb("imageTooLarge")}`);
        continue;
      }
      try {
        const response = await fetch(uploadUrl, {
          method: "POST",
          body: file,
          headers: { "Content-Type": file.type || "application/octet-stream" },
        });
        const message = describe((await response.json()) as ActionState<unknown>);
        if (message) problems.push(`${file.name}: ${message}`);
        else added += 1;
      } catch {
        problems.push(`${file.name}: ${tb("failed", { requestId: "-" })}`);
      }
    }
    setProgress(null);
    setErrors(problems);
    if (input.current) input.current.value = "";
    if (added > 0) {
      toast({ title: t("uploaded", { count: added }), variant: "success" });
      router.refresh();
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="mt-8 flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
      data-testid="gallery-editor"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            {t("title")}
          </h2>
          <p id={hintId} className="text-sm text-muted-foreground">
            {t("hint", { max, megabytes: Math.round(maxBytes / (1024 * 1024)) })}
          </p>
        </div>
        {canWrite ? (
          <>
            <input
              ref={input}
              type="file"
              multiple
              accept={ACCEPTED_IMAGE_TYPES}
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              data-testid="gallery-input"
              onChange={(event) => void upload(Array.from(event.target.files ?? []))}
            />
            <Button
              variant="outline"
              disabled={progress !== null || images.length >= max}
              aria-describedby={hintId}
              onClick={() => input.current?.click()}
            >
              <Icon name="upload" aria-hidden />
              {t("add")}
            </Button>
          </>
        ) : null}
      </div>
      <p aria-live="polite" className="text-sm empty:hidden">
        {progress}
      </p>
      {errors.length > 0 ? (
        <div role="alert">
          <ul className="flex flex-col gap-1 text-sm text-danger">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {images.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("empty")}</p>
      ) : (
        <ol className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {images.map((image, index) => (
            <GalleryItem
              key={image.id}
              organisationId={organisationId}
              listingId={listingId}
              image={image}
              index={index}
              last={index === images.length - 1}
              canWrite={canWrite}
              canRemove={canRemove}
              altTextAction={altTextAction}
              moveAction={moveAction}
              removeAction={removeAction}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function GalleryItem({
  organisationId,
  listingId,
  image,
  index,
  last,
  canWrite,
  canRemove,
  altTextAction,
  moveAction,
  removeAction,
}: {
  organisationId: string;
  listingId: string;
  image: GalleryEditorImage;
  index: number;
  last: boolean;
  canWrite: boolean;
  canRemove: boolean;
  altTextAction: BackofficeAction<GalleryDone>;
  moveAction: BackofficeAction<GalleryDone>;
  removeAction: BackofficeAction<GalleryDone>;
}) {
  const t = useTranslations("commerce.gallery");
  const router = useRouter();
  const alt = useSettingsCommand(altTextAction);
  const move = useSettingsCommand(moveAction);
  const remove = useSettingsCommand(removeAction);
  const [altText, setAltText] = useState(image.alt);
  const fieldId = useId();
  const pending = alt.pending || move.pending || remove.pending;
  const ref = { organisationId, listingId, imageId: image.id };
  const label = t("picture", { number: index + 1 });
  const refresh = (message: string) => () => {
    toast({ title: message, variant: "success" });
    router.refresh();
  };

  return (
    <li className="flex min-w-0 flex-col gap-2" data-testid="gallery-item">
      <div className="relative overflow-hidden rounded-card border border-border bg-surface-2">
        <Image
          src={image.url}
          alt={image.alt}
          width={image.width}
          height={image.height}
          sizes="(min-width: 1280px) 220px, (min-width: 1024px) 30vw, (min-width: 420px) 45vw, 90vw"
          className="aspect-square w-full object-contain"
        />
        {index === 0 ? <Badge className="absolute top-2 left-2">{t("cover")}</Badge> : null}
      </div>
      {canWrite ? (
        <>
          <form
            className="flex flex-col gap-1"
            onSubmit={(event) => {
              event.preventDefault();
              alt.run({ ...ref, altText }, refresh(t("altSaved")));
            }}
          >
            <label htmlFor={fieldId} className="text-sm font-medium">
              {t("altLabel", { number: index + 1 })}
            </label>
            <div className="flex gap-2">
              <Input
                id={fieldId}
                value={altText}
                maxLength={250}
                onChange={(event) => setAltText(event.target.value)}
                placeholder={t("altPlaceholder")}
              />
              <Button type="submit" variant="outline" size="sm" disabled={pending}>
                {t("save")}
              </Button>
            </div>
          </form>
          <div className="flex flex-wrap gap-1" role="group" aria-label={label}>
            {index > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={pending}
                aria-label={t("makeCoverNumbered", { number: index + 1 })}
                onClick={() => move.run({ ...ref, to: "first" }, refresh(t("moved")))}
              >
                <Icon name="star" aria-hidden />
                {t("makeCover")}
              </Button>
            ) : null}
            {index > 0 ? (
              <Button
                variant="ghost"
                size="icon-sm"
                disabled={pending}
                aria-label={t("earlier", { number: index + 1 })}
                onClick={() => move.run({ ...ref, to: "earlier" }, refresh(t("moved")))}
              >
                <Icon name="arrow-left" aria-hidden />
              </Button>
            ) : null}
            {!last ? (
              <Button
                variant="ghost"
                size="icon-sm"
                disabled={pending}
                aria-label={t("later", { number: index + 1 })}
                onClick={() => move.run({ ...ref, to: "later" }, refresh(t("moved")))}
              >
                <Icon name="arrow-left" aria-hidden className="rotate-180" />
              </Button>
            ) : null}
            {canRemove ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={pending}
                aria-label={t("removeNumbered", { number: index + 1 })}
                onClick={() => remove.run(ref, refresh(t("removed")))}
              >
                <Icon name="trash-2" aria-hidden />
                {t("remove")}
              </Button>
            ) : null}
          </div>
          {alt.error || move.error || remove.error ? (
            <p role="alert" className="text-sm text-danger">
              {alt.error ?? move.error ?? remove.error}
            </p>
          ) : null}
        </>
      ) : image.alt ? (
        <p className="text-sm text-muted-foreground">{image.alt}</p>
      ) : null}
    </li>
  );
}
