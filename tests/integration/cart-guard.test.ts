import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionKind } from "@/components/layout/session-cookie";
import { authGuard } from "@/lib/auth/guard/auth-proxy";
import { createAuthServerClient } from "@/lib/auth/server/server-client";
import { closeDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { ORIGIN } from "./support/auth-server";
import { cookieMethods, type Jar, readSession, signUp } from "./support/session-cookies";

/**
 * The guard and a guest (issue 12 §1): the anonymous session a cart makes is no account, so
 * sign-in and registration stay open to it (the cart follows into the account); after the
 * sign-in, the login page still answers its own server action (the cart's claim) instead of
 * redirecting it; the top bar tells a guest's cookie from a person's.
 */
const rnd = () => Math.floor(Math.random() * 250) + 1;

function request(path: string, jar: Jar, method = "GET") {
  const cookie = [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
  return authGuard(
    new NextRequest(`${ORIGIN}${path}`, {
      method,
      headers: { cookie, "x-forwarded-for": `10.9.${rnd()}.${rnd()}` },
    }),
  );
}

async function guestJar(): Promise<Jar> {
  const jar: Jar = new Map();
  const client = await createAuthServerClient(cookieMethods(jar), `10.9.${rnd()}.${rnd()}`);
  const { data, error } = await client.auth.signInAnonymously();
  expect(error).toBeNull();
  expect(data.session?.user.is_anonymous).toBe(true);
  return jar;
}

beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
});

afterAll(async () => {
  await closeDb();
});

describe("the guard and a guest", () => {
  it("keeps sign-in and registration open to a guest, and asks them for a profile elsewhere", async () => {
    const guest = await guestJar();
    expect(readSession(guest).user).toMatchObject({ is_anonymous: true });
    for (const path of ["/login?redirect=%2Fcommerce%2Fcart", "/register", "/commerce/cart"]) {
      expect((await request(path, guest)).headers.get("location"), path).toBeNull();
    }
    expect((await request("/profile", guest)).headers.get("location")).toBe(
      `${ORIGIN}/profile/create?redirect=%2Fprofile`,
    );
    const cookies = [...guest].map(([n, v]) => `${n}=${v}`).join("; ");
    expect(sessionKind(cookies)).toBe("guest");
  });

  it("sends a person away from the login page, but lets its server actions through", async () => {
    const person = await signUp("guard-person");
    expect((await request("/login", person)).headers.get("location")).toBe(`${ORIGIN}/`);
    expect((await request("/login", person, "POST")).headers.get("location")).toBeNull();
    // Member pages are guarded whatever the method.
    const visitor: Jar = new Map();
    expect((await request("/profile", visitor, "POST")).headers.get("location")).toBe(
      `${ORIGIN}/login?redirect=%2Fprofile`,
    );
    const cookies = [...person].map(([n, v]) => `${n}=${v}`).join("; ");
    expect(sessionKind(cookies)).toBe("in");
  });
});
