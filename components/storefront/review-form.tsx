"use client";

import { Picture } from "@/components/ui/picture";
import { useRouter } from "next/navigation";
import { useActionState, useEffect, useId, useRef, useState } from "react";
import type { ActionState } from "@/lib/backoffice/action-state";
import { ACCEPTED_IMAGE_TYPES } from "@/lib/images/image-types";

type Write = { id: string; tags: string[] };
export type ReviewAction = (
  state: ActionState<Write>,
  formData: FormData,
) => Promise<ActionState<Write>>;

export interface ReviewFormLabels {
  heading: string;
  editHeading: string;
  rating: string;
  stars: string[];
  title: string;
  body: string;
  submit: string;
  save: string;
  remove: string;
  saving: string;
  saved: string;
  removed: string;
  errors: Record<string, string>;
  invalid: string;
  photos: string;
  photosHint: string;
  /** "Your photo 1", "Your photo 2", … (one per photo a review may hold). */
  photo: string[];
  /** "Remove photo 1", … */
  removePhoto: string[];
  uploadingPhotos: string;
}

interface OwnPhoto {
  id: string;
  url: string;
  width: number;
  height: number;
}

/**
 * The signed-in shopper's review of a listing: write one, or edit or delete theirs. Posts to
 * server actions (which answer the catalogue's error codes); texts come from the page.
 * Photos never travel through the action: the chosen files stay in the browser (the input
 * has no name) and go, once the review is saved, one by one to the review's photos route;
 * the author's photos can be removed there too. It is drawn in the browser (own-review.tsx).
 */
export function ReviewForm({
  listingId,
  own,
  writeAction,
  updateAction,
  deleteAction,
  labels,
  maxPhotos,
  onChange,
}: {
  listingId: string;
  own: { id: string; rating: number; title: string; body: string; photos: OwnPhoto[] } | null;
  writeAction: ReviewAction;
  updateAction: ReviewAction;
  deleteAction: ReviewAction;
  labels: ReviewFormLabels;
  maxPhotos: number;
  /** Called after a save, a removal or a photo change, once the page is refreshed. */
  onChange?: () => void;
}) {
  const router = useRouter();
  const id = useId();
  const [state, formAction, pending] = useActionState(own ? updateAction : writeAction, {
    status: "idle",
  });
  const [removeState, removeAction, removing] = useActionState(deleteAction, { status: "idle" });
  const [notice, setNotice] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const files = useRef<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const handled = useRef<unknown>(null);
  const room = Math.max(0, maxPhotos - (own?.photos.length ?? 0));

  const errorOf = (body: unknown): string | null => {
    const answer = body as ActionState<unknown>;
    if (answer.status === "done") return null;
    if (answer.status === "error") return labels.errors[answer.code] ?? labels.errors.notFound!;
    return labels.errors.failed!;
  };

  useEffect(() => {
    const sendPhotos = async (reviewId: string) => {
      const chosen = files.current.slice(0, room);
      files.current = [];
      if (fileInput.current) fileInput.current.value = "";
      if (chosen.length === 0) return;
      setUploading(true);
      const problems: string[] = [];
      for (const file of chosen) {
        try {
          const response = await fetch(`/api/reviews/${reviewId}/photos`, {
            method: "POST",
            body: file,
            headers: { "Content-Type": file.type || "application/octet-stream" },
          });
          const problem = errorOf(await response.json());
          if (problem) problems.push(`${file.name}: ${problem}`);
        } catch {
          problems.push(`${file.name}: ${labels.errors.failed}`);
        }
      }
      setUploading(false);
      setPhotoError(problems.length ? problems.join(" ") : null);
    };
    for (const [s, text] of [
      [state, labels.saved],
      [removeState, labels.removed],
    ] as const) {
      if (s.status === "done" && handled.current !== s) {
        handled.current = s;
        setNotice(text);
        const upload = s === state ? sendPhotos(s.data.id) : Promise.resolve();
        void upload.then(() => {
          router.refresh();
          onChange?.();
        });
      }
    }
    // errorOf reads only labels; room is read when a save completes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, removeState, labels, router]);

  const removePhoto = async (photoId: string) => {
    if (!own) return;
    setPhotoError(null);
    try {
      const response = await fetch(`/api/reviews/${own.id}/photos/${photoId}`, {
        method: "DELETE",
      });
      const problem = errorOf(await response.json());
      if (problem) setPhotoError(problem);
      else {
        router.refresh();
        onChange?.();
      }
    } catch {
      setPhotoError(labels.errors.failed ?? null);
    }
  };
  const failure = [state, removeState].find(
    (s) => s.status === "error" || s.status === "failed" || s.status === "invalid",
  );
  const error =
    failure?.status === "error"
      ? (labels.errors[failure.code] ?? labels.errors.notFound)
      : failure?.status === "invalid"
        ? labels.invalid
        : failure?.status === "failed"
          ? labels.errors.failed
          : null;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-3 rounded-card border border-border p-4"
    >
      <h3 id={`${id}-heading`} className="font-semibold">
        {own ? labels.editHeading : labels.heading}
      </h3>
      <form action={formAction} className="flex flex-col gap-3" aria-busy={pending}>
        <input type="hidden" name="listingId" value={listingId} />
        {own ? <input type="hidden" name="reviewId" value={own.id} /> : null}
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">{labels.rating}</legend>
          <div className="flex flex-wrap gap-3">
            {labels.stars.map((label, index) => (
              <label key={label} className="flex items-center gap-1.5 text-sm">
                <input
                  type="radio"
                  name="rating"
                  value={index + 1}
                  defaultChecked={(own?.rating ?? 5) === index + 1}
                  className="size-4"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-title`} className="text-sm font-medium">
            {labels.title}
          </label>
          <input
            id={`${id}-title`}
            name="title"
            maxLength={120}
            defaultValue={own?.title ?? ""}
            className="field-control h-10"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-body`} className="text-sm font-medium">
            {labels.body}
          </label>
          <textarea
            id={`${id}-body`}
            name="body"
            required
            rows={4}
            maxLength={5000}
            defaultValue={own?.body ?? ""}
            className="field-control"
          />
        </div>
        {own && own.photos.length > 0 ? (
          <ul className="flex flex-wrap gap-3" aria-label={labels.photos}>
            {own.photos.map((photo, index) => (
              <li key={photo.id} className="flex flex-col items-start gap-1">
                <Picture
                  src={photo.url}
                  alt={labels.photo[index] ?? ""}
                  width={photo.width}
                  height={photo.height}
                  sizes="96px"
                  className="size-24 rounded-md border border-border object-cover"
                />
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => void removePhoto(photo.id)}
                >
                  {labels.removePhoto[index]}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {room > 0 ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-photos`} className="text-sm font-medium">
              {labels.photos}
            </label>
            <input
              ref={fileInput}
              id={`${id}-photos`}
              type="file"
              multiple
              accept={ACCEPTED_IMAGE_TYPES}
              aria-describedby={`${id}-photos-hint`}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface-2 file:px-3 file:py-1.5"
              onChange={(event) => {
                files.current = Array.from(event.target.files ?? []);
              }}
            />
            <p id={`${id}-photos-hint`} className="text-xs text-muted-foreground">
              {labels.photosHint}
            </p>
          </div>
        ) : null}
        {error || photoError ? (
          <p role="alert" className="text-sm text-danger">
            {error ?? photoError}
          </p>
        ) : null}
        {uploading ? (
          <p role="status" className="text-sm">
            {labels.uploadingPhotos}
          </p>
        ) : null}
        {notice && !error ? (
          <p role="status" className="text-sm">
            {notice}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary btn-md" disabled={pending}>
            {pending ? labels.saving : own ? labels.save : labels.submit}
          </button>
        </div>
      </form>
      {own ? (
        <form action={removeAction}>
          <input type="hidden" name="listingId" value={listingId} />
          <input type="hidden" name="reviewId" value={own.id} />
          <button type="submit" className="btn btn-outline btn-md" disabled={removing}>
            {labels.remove}
          </button>
        </form>
      ) : null}
    </section>
  );
}
