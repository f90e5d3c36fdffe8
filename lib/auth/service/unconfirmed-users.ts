import "server-only";
import { sql } from "drizzle-orm";
import { authConfig } from "@/lib/auth/service/config";
import { withSystemContext } from "@/lib/db/context";
import { queryRows } from "@/lib/db/rows";
import { consumeRateLimit } from "@/lib/rate-limit/rate-limit";

/**
 * Users who asked for an account (sign-up, email or SMS OTP) and never confirmed it are
 * removed once AUTH_UNCONFIRMED_USER_RETENTION has passed, so that sign-up requests cannot
 * fill auth.users. GoTrue keeps them forever; this is ours (docs/auth.md, "Unconfirmed users").
 *
 * Where it runs (decision): opportunistically, from the two endpoints that create such users
 * (POST /signup with an address, POST /otp), at most once per CLEANUP_INTERVAL_SECONDS for
 * all instances together (a shared counter in rate_limits), before the request's own
 * transaction. No timer or job runner is needed, and the table is pruned exactly where it
 * can grow.
 */
export const CLEANUP_INTERVAL_SECONDS = 300;
export const CLEANUP_THROTTLE_KEY = "auth:unconfirmed-cleanup";
const BATCH = 500;

/**
 * Deletes (up to 500 at a time) users created more than `olderThanSeconds` ago who were sent
 * a confirmation, never confirmed an email or a phone, never signed in, were not invited and
 * are neither anonymous, SSO, soft-deleted nor linked to another provider. Their identities,
 * tokens, sessions and factors go with them (ON DELETE CASCADE). Returns how many went.
 */
export async function deleteUnconfirmedUsers(olderThanSeconds: number): Promise<number> {
  return withSystemContext("auth: unconfirmed users cleanup", async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`delete from auth.users
          where id in (
            select u.id from auth.users u
            where u.email_confirmed_at is null
              and u.phone_confirmed_at is null
              and u.confirmation_sent_at is not null
              and u.invited_at is null
              and u.last_sign_in_at is null
              and not u.is_anonymous
              and not u.is_sso_user
              and u.deleted_at is null
              and u.created_at < now() - make_interval(secs => ${olderThanSeconds})
              and not exists (
                select 1 from auth.identities i
                where i.user_id = u.id and i.provider not in ('email', 'phone')
              )
            limit ${BATCH}
          )
          returning id`,
    );
    return rows.length;
  });
}

/**
 * The opportunistic run: does nothing when the retention is 0 or another request ran it
 * less than CLEANUP_INTERVAL_SECONDS ago. Never fails the request that triggered it.
 * Must be called outside a transaction (PGlite has one connection).
 */
export async function cleanUpUnconfirmedUsers(): Promise<void> {
  const retention = authConfig().unconfirmedUserRetentionSeconds;
  if (retention <= 0) return;
  try {
    const turn = await consumeRateLimit({
      key: CLEANUP_THROTTLE_KEY,
      limit: 1,
      windowSeconds: CLEANUP_INTERVAL_SECONDS,
    });
    if (!turn.allowed) return;
    const removed = await deleteUnconfirmedUsers(retention);
    if (removed > 0) console.info("auth: removed unconfirmed users", { removed });
  } catch (error) {
    console.error("auth: unconfirmed users cleanup failed", { error });
  }
}
