"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * The contact form's acknowledgement (focused when it appears). Its own chunk: it shows only
 * after a send, so the page does not load it up front.
 */
export default function ContactSent({
  name,
  email,
  icon,
  onAnother,
}: {
  name: string;
  email: string;
  icon: ReactNode;
  onAnother: () => void;
}) {
  const t = useTranslations("contact");
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col items-start gap-4 rounded-card border border-border bg-surface p-6">
      {icon}
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {t("successTitle")}
      </h2>
      <p role="status" className="text-muted-foreground">
        {t("successBody", { name, email })}
      </p>
      <Button variant="outline" onClick={onAnother}>
        {t("sendAnother")}
      </Button>
    </div>
  );
}
