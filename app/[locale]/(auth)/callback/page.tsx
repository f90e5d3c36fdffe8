import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthPanel } from "@/components/auth/auth-panel";
import { CallbackError } from "@/components/auth/callback-error";
import { CallbackExchange } from "@/components/auth/callback-exchange";
import { CallbackHash } from "@/components/auth/callback-hash";
import { CallbackMessage } from "@/components/auth/callback-message";
import { readCallback, type CallbackParams } from "./callback-params";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("callback.metaTitle"), robots: { index: false } };
}

type Props = { searchParams: Promise<CallbackParams> };

/**
 * Where email links and providers return (skip-auth): completes a sign-in this browser
 * started (PKCE), or explains why not; never takes a session from the URL
 * (callback-params.ts).
 */
export default async function CallbackPage({ searchParams }: Props) {
  const t = await getTranslations("auth");
  const params = await searchParams;
  const request = readCallback(params);
  const next = typeof params.next === "string" ? params.next : "/";
  return (
    <AuthPanel title={t("callback.title")}>
      {request.kind === "error" ? (
        <CallbackError reason={request.key} code={request.code} />
      ) : request.kind === "code" ? (
        <CallbackExchange payload={{ code: request.code, next }} />
      ) : request.kind === "message" ? (
        <CallbackMessage next={next} />
      ) : (
        <CallbackHash next={next} />
      )}
    </AuthPanel>
  );
}
