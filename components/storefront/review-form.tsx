"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, useId, useRef, useState } from "react";
import type { ActionState } from "@/lib/backoffice/action-state";

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
}

/**
 * The signed-in shopper's review of a listing: write one, or edit or delete theirs. Posts to
 * server actions (which answer the catalogue's error codes); texts come from the page.
 */
export function ReviewForm({
  listingId,
  own,
  writeAction,
  updateAction,
  deleteAction,
  labels,
}: {
  listingId: string;
  own: { id: string; rating: number; title: string; body: string } | null;
  writeAction: ReviewAction;
  updateAction: ReviewAction;
  deleteAction: ReviewAction;
  labels: ReviewFormLabels;
}) {
  const router = useRouter();
  const id = useId();
  const [state, formAction, pending] = useActionState(own ? updateAction : writeAction, {
    status: "idle",
  });
  const [removeState, removeAction, removing] = useActionState(deleteAction, { status: "idle" });
  const [notice, setNotice] = useState<string | null>(null);
  const handled = useRef<unknown>(null);
  useEffect(() => {
    for (const [s, text] of [
      [state, labels.saved],
      [removeState, labels.removed],
    ] as const) {
      if (s.status === "done" && handled.current !== s) {
        handled.current = s;
        setNotice(text);
        router.refresh();
      }
    }
  }, [state, removeState, labels, router]);
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
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
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
