import { decodeJwt, decodeProtectedHeader, SignJWT, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getApiKeys } from "@/lib/auth/service/keys";
import { closeDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { mailsTo } from "./support/auth-messages";
import {
  authClient,
  GOOD_PASSWORD,
  ORIGIN,
  rawRequest,
  serviceClient,
  uniqueEmail,
} from "./support/auth-server";

/**
 * Companions of the OAuth work (issue 3): the `apikey` check, /admin/generate_link, and the
 * client behaviours the app relies on (sign-out ignoring 401/403/404, "Invalid JWT
 * signature" from getClaims on a forged token).
 */
beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.AUTH_AUTOCONFIRM;
  resetEnvForTests();
  await closeDb();
});

describe("apikey", () => {
  it("serves requests with our anon or service_role key, or without one", async () => {
    const { anonKey, serviceRoleKey } = await getApiKeys();
    const variants: Record<string, string>[] = [
      { apikey: anonKey },
      { apikey: serviceRoleKey },
      {},
    ];
    for (const headers of variants) {
      const response = await rawRequest("GET", "settings", { headers });
      expect(response.status).toBe(200);
    }
    const byQuery = await rawRequest("GET", `health?apikey=${encodeURIComponent(anonKey)}`);
    expect(byQuery.status).toBe(200);
  });

  it("refuses a key that is not ours with the gateway's 401", async () => {
    const { anonKey } = await getApiKeys();
    const { privateKey } = await generateKeyPair("ES256");
    const foreign = await new SignJWT({ role: "anon" })
      .setProtectedHeader({ alg: "ES256", kid: decodeProtectedHeader(anonKey).kid })
      .sign(privateKey);
    const client = await authClient();
    const { data } = await client.auth.signUp({
      email: uniqueEmail("apikey"),
      password: GOOD_PASSWORD,
    });
    const userToken = data.session?.access_token ?? "";
    expect(decodeJwt(userToken).role).toBe("authenticated");
    for (const key of ["not-a-key", foreign, userToken, `${anonKey}x`]) {
      const response = await rawRequest("POST", "token?grant_type=password", {
        headers: { apikey: key },
        body: JSON.stringify({ email: "nobody@example.com", password: GOOD_PASSWORD }),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        error_code: "invalid_api_key",
        msg: "Invalid API key",
        hint: expect.stringContaining("anon"),
      });
    }
  });

  it("a supabase-js client configured with a wrong key fails at once", async () => {
    const wrong = await authClient({ apiKey: "wrong-key" });
    const { error } = await wrong.auth.signInWithPassword({
      email: "nobody@example.com",
      password: GOOD_PASSWORD,
    });
    expect(error?.status).toBe(401);
    expect(error?.message).toBe("Invalid API key");
  });
});

describe("POST /admin/generate_link", () => {
  it("signup: creates the user and answers a working link and code, sending nothing", async () => {
    const admin = await serviceClient();
    const email = uniqueEmail("genlink");
    const { data, error } = await admin.auth.admin.generateLink({
      type: "signup",
      email,
      password: GOOD_PASSWORD,
      options: { data: { plan: "pro" }, redirectTo: `${ORIGIN}/welcome` },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { plan: "pro" } });
    expect(data.user?.email_confirmed_at ?? null).toBeNull();
    expect(data.properties).toMatchObject({
      verification_type: "signup",
      redirect_to: `${ORIGIN}/welcome`,
      email_otp: expect.stringMatching(/^\d{6}$/),
    });
    expect(await mailsTo(email)).toEqual([]);

    const link = new URL(data.properties?.action_link ?? "");
    expect(`${link.origin}${link.pathname}`).toBe(`${ORIGIN}/auth/v1/verify`);
    expect(link.searchParams.get("token")).toBe(data.properties?.hashed_token);
    const opened = await rawRequest("GET", `verify${link.search}`);
    expect(opened.status).toBe(303);
    const landed = new URL(opened.headers.get("location") ?? "");
    expect(`${landed.origin}${landed.pathname}`).toBe(`${ORIGIN}/welcome`);
    expect(new URLSearchParams(landed.hash.slice(1)).get("access_token")).toBeTruthy();
  });

  it("recovery and magiclink give codes that verifyOtp accepts (token_hash too)", async () => {
    const admin = await serviceClient();
    const email = uniqueEmail("genlink-recovery");
    await (await authClient()).auth.signUp({ email, password: GOOD_PASSWORD });

    const recovery = await admin.auth.admin.generateLink({ type: "recovery", email });
    expect(recovery.data.properties?.verification_type).toBe("recovery");
    const byCode = await (
      await authClient()
    ).auth.verifyOtp({
      email,
      token: recovery.data.properties?.email_otp ?? "",
      type: "recovery",
    });
    expect(byCode.error).toBeNull();
    expect(byCode.data.user?.email).toBe(email);

    const magic = await admin.auth.admin.generateLink({ type: "magiclink", email });
    expect(magic.data.properties?.verification_type).toBe("magiclink");
    const byHash = await (
      await authClient()
    ).auth.verifyOtp({
      token_hash: magic.data.properties?.hashed_token ?? "",
      type: "magiclink",
    });
    expect(byHash.error).toBeNull();
    expect(byHash.data.session?.user.email).toBe(email);
  });

  it("magiclink for an unknown address signs up; recovery for one is 404", async () => {
    const admin = await serviceClient();
    const email = uniqueEmail("genlink-new");
    const magic = await admin.auth.admin.generateLink({ type: "magiclink", email });
    expect(magic.error).toBeNull();
    expect(magic.data.properties?.verification_type).toBe("signup");
    expect(magic.data.user?.email).toBe(email);

    const missing = await admin.auth.admin.generateLink({
      type: "recovery",
      email: uniqueEmail("genlink-missing"),
    });
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe("user_not_found");
  });

  it("refuses a confirmed address for signup and invite, and callers without service_role", async () => {
    const admin = await serviceClient();
    const email = uniqueEmail("genlink-taken");
    await (await authClient()).auth.signUp({ email, password: GOOD_PASSWORD });
    for (const type of ["signup", "invite"] as const) {
      const { error } = await admin.auth.admin.generateLink(
        type === "signup" ? { type, email, password: GOOD_PASSWORD } : { type, email },
      );
      expect(error?.code).toBe("email_exists");
    }
    const { anonKey } = await getApiKeys();
    const response = await rawRequest("POST", "admin/generate_link", {
      headers: { authorization: `Bearer ${anonKey}` },
      body: JSON.stringify({ type: "magiclink", email }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error_code: "not_admin" });
  });

  it("email_change_new: a link to the new address that applies the change", async () => {
    const admin = await serviceClient();
    const email = uniqueEmail("genlink-change");
    const newEmail = uniqueEmail("genlink-changed");
    await (await authClient()).auth.signUp({ email, password: GOOD_PASSWORD });
    const { data, error } = await admin.auth.admin.generateLink({
      type: "email_change_new",
      email,
      newEmail,
    });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe("email_change");
    const verified = await (
      await authClient()
    ).auth.verifyOtp({
      email: newEmail,
      token: data.properties?.email_otp ?? "",
      type: "email_change",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(newEmail);
  });
});

describe("client behaviours", () => {
  it("sign-out removes the local session even when the service answers 403 (session gone)", async () => {
    const email = uniqueEmail("signout");
    const here = await authClient();
    const elsewhere = await authClient();
    await here.auth.signUp({ email, password: GOOD_PASSWORD });
    // persistSession false keeps the session in memory: sign in on both, end all elsewhere.
    await here.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    await elsewhere.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
    expect((await elsewhere.auth.signOut({ scope: "global" })).error).toBeNull();

    const { data } = await here.auth.getSession();
    const token = data.session?.access_token ?? "";
    const direct = await rawRequest("POST", "logout?scope=local", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(direct.status).toBe(403);
    const { error } = await here.auth.signOut({ scope: "local" });
    expect(error).toBeNull();
    expect((await here.auth.getSession()).data.session).toBeNull();
  });

  it("getClaims on a forged access token: 'Invalid JWT signature'", async () => {
    const client = await authClient();
    const { data } = await client.auth.signUp({
      email: uniqueEmail("forged"),
      password: GOOD_PASSWORD,
    });
    const token = data.session?.access_token ?? "";
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"));
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, role: "service_role" })).toString(
      "base64url",
    );
    const forged = `${header}.${forgedPayload}.${signature}`;
    const result = await (await authClient()).auth.getClaims(forged);
    expect(result.data).toBeNull();
    expect(result.error?.message).toBe("Invalid JWT signature");
    expect(result.error?.code).toBe("invalid_jwt");
    const genuine = await (await authClient()).auth.getClaims(token);
    expect(genuine.error).toBeNull();
  });
});
