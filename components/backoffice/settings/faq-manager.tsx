"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { BackofficeAction } from "@/components/backoffice/use-backoffice-form";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { toast } from "@/components/ui/toast-store";
import type { faqLimits } from "@/lib/organisations/faq-schema";
import { ConfirmDialog } from "./confirm-dialog";
import { FaqForm } from "./faq-form";
import { useSettingsCommand } from "./use-settings-command";
import { Icon } from "@/components/ui/icon";

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
  version: number;
}

type Editing = { mode: "create" } | { mode: "edit"; faq: FaqItem } | null;

/**
 * The ordered FAQ. Move up / down are buttons (keyboard and screen-reader friendly, no
 * drag); after a move the focus stays on the moved question's button and a toast says
 * where it went.
 */
export function FaqManager({
  organisationId,
  faqs,
  canWrite,
  limits,
  actions,
}: {
  organisationId: string;
  faqs: readonly FaqItem[];
  canWrite: boolean;
  /** faqLimits, from the page: the schema module (zod) loads on first submit only. */
  limits: typeof faqLimits;
  actions: {
    create: BackofficeAction<{ id: string }>;
    update: BackofficeAction<{ id: string }>;
    remove: BackofficeAction<{ id: string }>;
    move: BackofficeAction<{ order: string[] }>;
  };
}) {
  const t = useTranslations("orgSettings.faq");
  const tu = useTranslations("ui");
  const router = useRouter();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FaqItem | null>(null);
  const move = useSettingsCommand(actions.move);
  const remove = useSettingsCommand(actions.remove);
  const list = useRef<HTMLOListElement>(null);
  const [focus, setFocus] = useState<{ id: string; direction: "up" | "down" } | null>(null);

  // After a move, keep the keyboard on the moved question (its other button at an end).
  useEffect(() => {
    if (!focus) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-faq="${focus.id}"]`);
    const preferred = item?.querySelector<HTMLButtonElement>(
      `[data-move="${focus.direction}"]:not(:disabled)`,
    );
    const other = item?.querySelector<HTMLButtonElement>("[data-move]:not(:disabled)");
    (preferred ?? other)?.focus();
  }, [faqs, focus]);

  const moveFaq = (faq: FaqItem, direction: "up" | "down") =>
    move.run({ organisationId, faqId: faq.id, direction }, (data) => {
      setFocus({ id: faq.id, direction });
      toast({
        title: t("moved", { question: faq.question, position: data.order.indexOf(faq.id) + 1 }),
      });
      router.refresh();
    });

  const closeEditing = () => setEditing(null);
  const saved = (message: string) => () => {
    setEditing(null);
    toast({ title: message, variant: "success" });
    router.refresh();
  };

  return (
    <div className="flex flex-col gap-4">
      {canWrite ? (
        <div>
          <Button
            onClick={() => setEditing({ mode: "create" })}
            disabled={faqs.length >= limits.count}
          >
            <Icon name="plus" aria-hidden />
            {t("add")}
          </Button>
        </div>
      ) : null}
      <FormAlert message={move.error} />
      {faqs.length === 0 ? (
        <EmptyState title={t("emptyTitle")} description={t("emptyBody")} />
      ) : (
        <ol ref={list} aria-label={t("listLabel")} className="flex flex-col gap-3">
          {faqs.map((faq, index) => (
            <li
              key={faq.id}
              data-faq={faq.id}
              className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:flex-row sm:items-start"
            >
              <div className="min-w-0 flex-1">
                <p className="text-xs text-muted-foreground">
                  {t("position", { position: index + 1, count: faqs.length })}
                </p>
                <h2 className="font-semibold break-words">{faq.question}</h2>
                <p className="mt-1 text-sm break-words whitespace-pre-line text-muted-foreground">
                  {faq.answer}
                </p>
              </div>
              {canWrite ? (
                <div className="flex shrink-0 flex-wrap gap-1">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    data-move="up"
                    aria-label={t("moveUp", { question: faq.question })}
                    disabled={index === 0 || move.pending}
                    onClick={() => moveFaq(faq, "up")}
                  >
                    <Icon name="arrow-up" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    data-move="down"
                    aria-label={t("moveDown", { question: faq.question })}
                    disabled={index === faqs.length - 1 || move.pending}
                    onClick={() => moveFaq(faq, "down")}
                  >
                    <Icon name="arrow-down" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("edit", { question: faq.question })}
                    onClick={() => setEditing({ mode: "edit", faq })}
                  >
                    <Icon name="pencil" aria-hidden />
                    <span aria-hidden>{t("editShort")}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("delete", { question: faq.question })}
                    onClick={() => {
                      remove.clearError();
                      setDeleting(faq);
                    }}
                  >
                    <Icon name="trash-2" aria-hidden />
                    <span aria-hidden>{t("deleteShort")}</span>
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : closeEditing())}>
        <DialogContent size="md" closeLabel={tu("close")} className="flex flex-col gap-4">
          <DialogTitle>{editing?.mode === "edit" ? t("editTitle") : t("addTitle")}</DialogTitle>
          {editing?.mode === "edit" ? (
            <FaqForm
              mode="edit"
              organisationId={organisationId}
              limits={limits}
              faq={editing.faq}
              action={actions.update}
              onDone={saved(t("updated"))}
              onCancel={closeEditing}
            />
          ) : editing?.mode === "create" ? (
            <FaqForm
              mode="create"
              organisationId={organisationId}
              limits={limits}
              action={actions.create}
              onDone={saved(t("created"))}
              onCancel={closeEditing}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t("deleteTitle")}
        body={t("deleteBody", { question: deleting?.question ?? "" })}
        confirmLabel={t("confirmDelete")}
        cancelLabel={t("cancel")}
        closeLabel={tu("close")}
        pending={remove.pending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.run({ organisationId, faqId: deleting.id }, () => {
            setDeleting(null);
            toast({ title: t("deleted"), variant: "success" });
            router.refresh();
          })
        }
      />
    </div>
  );
}
