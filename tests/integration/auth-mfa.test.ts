import type { SupabaseClient } from "@supabase/supabase-js";
import { sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { resetEnvForTests } from "@/lib/env";
import { listSmsOutbox } from "@/lib/sms/outbox";
import { base32Decode, hotp, totpStep } from "@/lib/auth/service/totp";
import {
  authClient,
  GOOD_PASSWORD,
  ORIGIN,
  randomIp,
  rawRequest,
  uniqueEmail,
} from "./support/auth-server";

/** MFA through supabase-js `auth.mfa.*`: TOTP enrollment, challenge, verify (aal2), unenroll. */
beforeAll(() => {
  process.env.SITE_URL = ORIGIN;
  process.env.AUTH_AUTOCONFIRM = "true";
  resetEnvForTests();
});

afterEach(() => {
  delete process.env.AUTH_MFA_MAX_UNVERIFIED_FACTORS;
  resetEnvForTests();
});

afterAll(async () => {
  await closeDb();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const codeAt = (secret: string, step: number) => hotp(base32Decode(secret), step);
const currentCode = (secret: string) => codeAt(secret, totpStep(nowSeconds()));

async function signedUp() {
  const email = uniqueEmail("mfa");
  const client = await authClient();
  const { data, error } = await client.auth.signUp({ email, password: GOOD_PASSWORD });
  expect(error).toBeNull();
  if (!data.session || !data.user) throw new Error("sign-up gave no session");
  return { client, email, user: data.user };
}

async function signIn(email: string, ip?: string): Promise<SupabaseClient> {
  const client = await authClient({ ip });
  const { error } = await client.auth.signInWithPassword({ email, password: GOOD_PASSWORD });
  expect(error).toBeNull();
  return client;
}

async function enrollTotp(client: SupabaseClient, friendlyName?: string) {
  const { data, error } = await client.auth.mfa.enroll({ factorType: "totp", friendlyName });
  expect(error).toBeNull();
  if (!data || data.type !== "totp") throw new Error("no totp factor");
  return data;
}

/** A user with one verified TOTP factor, and the client whose session is aal2. */
async function verifiedUser() {
  const { client, email, user } = await signedUp();
  const factor = await enrollTotp(client, "phone app");
  const { error } = await client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: currentCode(factor.totp.secret),
  });
  expect(error).toBeNull();
  return { client, email, user, factor, secret: factor.totp.secret };
}

async function accessClaims(client: SupabaseClient) {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error("no session");
  return decodeJwt(data.session.access_token);
}

describe("enroll", () => {
  it("answers a TOTP secret, otpauth URI and SVG QR code, and lists the unverified factor", async () => {
    const { client, email } = await signedUp();
    const factor = await enrollTotp(client, "Authenticator");
    expect(factor.friendly_name).toBe("Authenticator");
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(factor.totp.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(uri.pathname).toBe(`/localhost%3A3000:${encodeURIComponent(email)}`);
    expect(uri.searchParams.get("secret")).toBe(factor.totp.secret);
    expect(uri.searchParams.get("issuer")).toBe("localhost:3000");
    expect(factor.totp.qr_code.startsWith("data:image/svg+xml;utf-8,<svg")).toBe(true);
    // auth-js does not escape the SVG: a "#" (or "%") would break the data URI in browsers.
    expect(factor.totp.qr_code).not.toMatch(/[#%]/);
    expect(factor.totp.qr_code).toContain('fill="white"');

    const listed = await client.auth.mfa.listFactors();
    expect(listed.error).toBeNull();
    expect(listed.data?.all).toEqual([
      expect.objectContaining({
        id: factor.id,
        factor_type: "totp",
        status: "unverified",
        friendly_name: "Authenticator",
      }),
    ]);
    expect(listed.data?.totp).toEqual([]);
    const user = await client.auth.getUser();
    expect(user.data.user?.factors).toHaveLength(1);
    expect(JSON.stringify(user.data.user)).not.toContain(factor.totp.secret);

    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
  });

  it("refuses a duplicate friendly name and too many unverified factors", async () => {
    process.env.AUTH_MFA_MAX_UNVERIFIED_FACTORS = "2";
    resetEnvForTests();
    const { client } = await signedUp();
    await enrollTotp(client, "one");
    const same = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "one" });
    expect(same.error?.code).toBe("mfa_factor_name_conflict");
    await enrollTotp(client, "two");
    const third = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "three" });
    expect(third.error?.status).toBe(422);
    expect(third.error?.code).toBe("too_many_enrolled_mfa_factors");
  });

  it("enrolls a phone factor, sends its code by SMS and verifies it (aal2, amr phone)", async () => {
    const { client } = await signedUp();
    const phone = `1555${Math.floor(Math.random() * 1e7)
      .toString()
      .padStart(7, "0")}`;
    const { data, error } = await client.auth.mfa.enroll({
      factorType: "phone",
      phone: `+${phone}`,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: "phone", phone });
    const factorId = data?.id ?? "";

    const first = await client.auth.mfa.challenge({ factorId });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ type: "phone" });
    const wrong = await client.auth.mfa.verify({
      factorId,
      challengeId: first.data?.id ?? "",
      code: "000000x",
    });
    expect(wrong.error?.code).toBe("mfa_verification_failed");

    const challenge = await client.auth.mfa.challenge({ factorId });
    const sent = (await listSmsOutbox(200)).filter((m) => m.to === `+${phone}`);
    expect(sent).toHaveLength(2);
    const code = /(\d{6})/.exec(sent[0]?.body ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const stored = await queryRows<{ otp_code: string }>(
      getDb(),
      sql`select otp_code from auth.mfa_challenges where id = ${challenge.data?.id ?? ""}`,
    );
    expect(stored[0]?.otp_code).not.toContain(code);
    const verified = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data?.id ?? "",
      code,
    });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data?.access_token ?? "");
    expect(claims.aal).toBe("aal2");
    expect((claims.amr as { method: string }[])[0]?.method).toBe("phone");
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.phone.map((f) => f.id)).toEqual([factorId]);

    const noPhone = await client.auth.mfa.enroll({ factorType: "phone", phone: "" });
    expect(noPhone.error?.code).toBe("validation_failed");
  });

  it("needs a Bearer", async () => {
    const response = await rawRequest("POST", "factors", {
      body: JSON.stringify({ factor_type: "totp" }),
    });
    expect(response.status).toBe(401);
  });
});

describe("challenge and verify", () => {
  it("raises the session to aal2 with amr totp first, and verifies the factor", async () => {
    const { client, user } = await signedUp();
    const factor = await enrollTotp(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: "totp" });
    const expiresAt = challenge.data?.expires_at ?? 0;
    expect(expiresAt - nowSeconds()).toBeGreaterThan(290);
    expect(expiresAt - nowSeconds()).toBeLessThanOrEqual(300);

    const before = await accessClaims(client);
    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data?.id ?? "",
      code: currentCode(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data?.access_token ?? "");
    expect(claims.aal).toBe("aal2");
    expect(claims.session_id).toBe(before.session_id);
    const amr = claims.amr as { method: string }[];
    expect(amr.map((entry) => entry.method)).toEqual(["totp", "password"]);
    expect((await accessClaims(client)).aal).toBe("aal2");

    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.totp.map((f) => f.id)).toEqual([factor.id]);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });

    const rows = await queryRows<{ authentication_method: string }>(
      getDb(),
      sql`select authentication_method from auth.mfa_amr_claims
          where session_id = ${String(before.session_id)} order by authentication_method`,
    );
    expect(rows.map((row) => row.authentication_method)).toEqual(["password", "totp"]);
    const sessionRows = await queryRows<{ aal: string; factor_id: string }>(
      getDb(),
      sql`select aal, factor_id from auth.sessions where id = ${String(before.session_id)}`,
    );
    expect(sessionRows[0]).toEqual({ aal: "aal2", factor_id: factor.id });

    // A refresh keeps aal2.
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? "").aal).toBe("aal2");
    expect(user.id).toBe(claims.sub);
  });

  it("reports aal1 → aal2 for a new sign-in of a user with a verified factor", async () => {
    const { email } = await verifiedUser();
    const client = await signIn(email);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const methods = aal.data?.currentAuthenticationMethods ?? [];
    expect(methods.map((m) => (typeof m === "string" ? m : m.method))).toEqual(["password"]);
    const { data } = await client.auth.getSession();
    const byJwt = await client.auth.mfa.getAuthenticatorAssuranceLevel(data.session?.access_token);
    expect(byJwt.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
  });

  it("refuses a wrong code with 422 mfa_verification_failed", async () => {
    const { client } = await signedUp();
    const factor = await enrollTotp(client);
    const right = currentCode(factor.totp.secret);
    const wrong = ((Number(right) + 500_000) % 1_000_000).toString().padStart(6, "0");
    const result = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: wrong });
    expect(result.error?.status).toBe(422);
    expect(result.error?.code).toBe("mfa_verification_failed");
    expect((await accessClaims(client)).aal).toBe("aal1");
    const stale = codeAt(factor.totp.secret, totpStep(nowSeconds()) - 3);
    const old = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: stale });
    expect(old.error?.code).toBe("mfa_verification_failed");
  });

  it("refuses a code used before in its time step (and earlier steps)", async () => {
    const { email, factor, secret } = await verifiedUser();
    const step = totpStep(nowSeconds());
    const other = await signIn(email);
    for (const code of [codeAt(secret, step), codeAt(secret, step - 1)]) {
      const replay = await other.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
      expect(replay.error?.code).toBe("mfa_verification_failed");
    }
    expect((await accessClaims(other)).aal).toBe("aal1");
    const next = await other.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeAt(secret, step + 1),
    });
    expect(next.error).toBeNull();
    expect((await accessClaims(other)).aal).toBe("aal2");
  });

  it("refuses a challenge verified once, and an expired challenge (which is deleted)", async () => {
    const { client } = await signedUp();
    const factor = await enrollTotp(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    const challengeId = challenge.data?.id ?? "";
    await getDb().execute(
      sql`update auth.mfa_challenges set created_at = now() - interval '301 seconds'
          where id = ${challengeId}`,
    );
    const expired = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId,
      code: currentCode(factor.totp.secret),
    });
    expect(expired.error?.status).toBe(422);
    expect(expired.error?.code).toBe("mfa_challenge_expired");
    const left = await queryRows<{ n: string | number }>(
      getDb(),
      sql`select count(*) as n from auth.mfa_challenges where id = ${challengeId}`,
    );
    expect(Number(left[0]?.n)).toBe(0);

    const fresh = await client.auth.mfa.challenge({ factorId: factor.id });
    const ok = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: fresh.data?.id ?? "",
      code: currentCode(factor.totp.secret),
    });
    expect(ok.error).toBeNull();
    const again = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: fresh.data?.id ?? "",
      code: codeAt(factor.totp.secret, totpStep(nowSeconds()) + 1),
    });
    expect(again.error?.status).toBe(422);
  });

  it("answers 404 for another user's factor id and an unknown one", async () => {
    const { factor } = await verifiedUser();
    const { client: intruder } = await signedUp();
    const challenge = await intruder.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error?.status).toBe(404);
    expect(challenge.error?.code).toBe("mfa_factor_not_found");
    const verify = await intruder.auth.mfa.verify({
      factorId: factor.id,
      challengeId: crypto.randomUUID(),
      code: "123456",
    });
    expect(verify.error?.status).toBe(404);
    const unenroll = await intruder.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenroll.error?.status).toBe(404);
    const unknown = await intruder.auth.mfa.challenge({ factorId: crypto.randomUUID() });
    expect(unknown.error?.status).toBe(404);
  });

  it("refuses a challenge of one factor verified through another", async () => {
    const { client } = await signedUp();
    const first = await enrollTotp(client, "first");
    const second = await enrollTotp(client, "second");
    const challenge = await client.auth.mfa.challenge({ factorId: first.id });
    const crossed = await client.auth.mfa.verify({
      factorId: second.id,
      challengeId: challenge.data?.id ?? "",
      code: currentCode(second.totp.secret),
    });
    expect(crossed.error?.status).toBe(422);
    expect((await accessClaims(client)).aal).toBe("aal1");
  });

  it("limits challenges to 15 per minute per address", async () => {
    const ip = randomIp();
    const { email } = await signedUp();
    const client = await signIn(email, ip);
    const factor = await enrollTotp(client);
    for (let i = 0; i < 15; i += 1) {
      const { error } = await client.auth.mfa.challenge({ factorId: factor.id });
      expect(error).toBeNull();
    }
    const over = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(over.error?.status).toBe(429);
    expect(over.error?.code).toBe("over_request_rate_limit");
  });
});

describe("unenroll", () => {
  it("needs aal2 once a factor is verified; then removes it and lowers the session", async () => {
    const { client, email, factor, secret } = await verifiedUser();
    const aal1 = await signIn(email);
    const refused = await aal1.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe("insufficient_aal");
    const enrollMore = await aal1.auth.mfa.enroll({ factorType: "totp", friendlyName: "more" });
    expect(enrollMore.error?.code).toBe("insufficient_aal");

    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all).toEqual([]);
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? "").aal).toBe("aal1");
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
    const steps = await queryRows<{ n: string | number }>(
      getDb(),
      sql`select count(*) as n from auth.mfa_totp_steps where factor_id = ${factor.id}`,
    );
    expect(Number(steps[0]?.n)).toBe(0);
    expect(secret).toBeTruthy();
    const audit = await queryRows<{ traits: unknown }>(
      getDb(),
      sql`select payload->'traits' as traits from auth.audit_log_entries
          where payload->>'action' = 'factor_unenrolled'
          and payload->'traits'->>'factor_id' = ${factor.id}`,
    );
    expect(audit.map((row) => row.traits)).toEqual([{ factor_id: factor.id, factor_type: "totp" }]);
  });

  it("lets a user without a verified factor remove an unverified one at aal1", async () => {
    const { client } = await signedUp();
    const factor = await enrollTotp(client);
    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
  });
});
