import type { ReactNode } from "react";
import type { MailTranslator } from "./types";

/** Brand colours of spec §9 (dark theme); email clients need inline styles. */
export const emailColors = {
  background: "#0D1B2A",
  surface: "#13263A",
  text: "#F1F5F9",
  muted: "#A9B4C2",
  primary: "#FFD166",
} as const;

type EmailLayoutProps = {
  t: MailTranslator;
  lang: string;
  title: string;
  siteUrl: string;
  body: ReactNode;
};

/** The HTML document around every email: a centred 600 px card on the brand background. */
export function EmailLayout({ t, lang, title, siteUrl, body }: EmailLayoutProps) {
  const site = new URL(siteUrl).host;
  return (
    <html lang={lang}>
      {/* An email document, not a Next.js page: next/head does not apply. */}
      {/* eslint-disable-next-line @next/next/no-head-element */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: emailColors.background }}>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ backgroundColor: emailColors.background, padding: "24px 12px" }}
        >
          <tbody>
            <tr>
              <td align="center">
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{
                    maxWidth: 600,
                    backgroundColor: emailColors.surface,
                    borderRadius: 12,
                    color: emailColors.text,
                    fontFamily: "Helvetica, Arial, sans-serif",
                    fontSize: 16,
                    lineHeight: 1.5,
                  }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: "24px 32px 0", color: emailColors.primary }}>
                        <strong style={{ fontSize: 20 }}>{t("layout.brand")}</strong>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "16px 32px 24px" }}>{body}</td>
                    </tr>
                    <tr>
                      <td
                        style={{ padding: "0 32px 24px", color: emailColors.muted, fontSize: 13 }}
                      >
                        <p style={{ margin: 0 }}>{t("layout.footer", { site })}</p>
                        <p style={{ margin: "8px 0 0" }}>
                          <a href={siteUrl} style={{ color: emailColors.primary }}>
                            {t("layout.visit")}
                          </a>
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}
