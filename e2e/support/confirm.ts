import { expect, type APIRequestContext } from "@playwright/test";
import postgres from "postgres";

/**
 * Confirms a sign-up the way its owner would: the e2e servers run with the default settings
 * (no autoconfirm), so the sign-up's confirmation email is in the dev mail outbox (what
 * /dev/mailbox shows); its 6-digit code goes to POST /auth/v1/verify. Afterwards the
 * address's one-email-a-minute window is closed again, so that a test can ask for the next
 * email (recovery, a change) at once.
 */
const databaseUrl =
  process.env.E2E_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/livemarket_e2e";

async function withSql<T>(run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
}

/** The code of the newest sign-up confirmation email to `email`. */
export async function signUpCode(email: string): Promise<string> {
  const [row] = await withSql(
    (sql) => sql<{ html: string }[]>`
      select html from mail_outbox where to_address = ${email} and template = 'authConfirmSignup'
      order by created_at desc, id desc limit 1`,
  );
  expect(row, `a confirmation email to ${email}`).toBeTruthy();
  const code = /letter-spacing:6px[^>]*>(\d{6})</.exec(row?.html ?? "")?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

/**
 * The path of the newest sign-up confirmation email's link to `email` (its
 * `/auth/v1/verify?token=pkce_…` address, opened in the browser that signed up).
 */
export async function signUpLinkPath(email: string): Promise<string> {
  const [row] = await withSql(
    (sql) => sql<{ html: string }[]>`
      select html from mail_outbox where to_address = ${email} and template = 'authConfirmSignup'
      order by created_at desc, id desc limit 1`,
  );
  const href = /href="([^"]*\/auth\/v1\/verify\?[^"]*)"/.exec(row?.html ?? "")?.[1] ?? "";
  expect(href, `a confirmation link to ${email}`).not.toBe("");
  const url = new URL(href.replace(/&amp;/g, "&"));
  return `${url.pathname}${url.search}`;
}

/**
 * Verifies the sign-up of `email` with its emailed code (through `origin`, default the
 * request context's base URL) and clears the address's sending minute.
 */
export async function confirmSignUp(
  request: APIRequestContext,
  email: string,
  options: { origin?: string; headers?: Record<string, string> } = {},
): Promise<void> {
  const origin = options.origin ?? "";
  const environment = (await (await request.get(`${origin}/api/environment`)).json()) as {
    auth: { anonKey: string } | null;
  };
  const answer = await request.post(`${origin}/auth/v1/verify`, {
    headers: {
      "content-type": "application/json",
      apikey: environment.auth?.anonKey ?? "",
      ...options.headers,
    },
    data: { type: "signup", email, token: await signUpCode(email) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await withSql(
    (sql) => sql`delete from public.rate_limits where key = ${`auth:send-to:${email}`}`,
  );
}
