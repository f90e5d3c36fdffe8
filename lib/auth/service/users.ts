import "server-only";
import { eq } from "drizzle-orm";
import { identities, users } from "@/lib/auth/schema";
import { factorDto, userFactors, type FactorDto } from "@/lib/auth/service/mfa-factors";
import type { Tx } from "@/lib/db/context";

/** auth.users rows and the user object of GoTrue's answers (UserSchema of the OpenAPI). */
export type UserRow = typeof users.$inferSelect;
export type IdentityRow = typeof identities.$inferSelect;

export interface IdentityDto {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email?: string;
}

export interface UserDto {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  invited_at?: string;
  phone: string;
  phone_confirmed_at?: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  recovery_sent_at?: string;
  new_email?: string;
  email_change_sent_at?: string;
  new_phone?: string;
  phone_change_sent_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: IdentityDto[];
  created_at: string;
  updated_at: string;
  banned_until?: string;
  is_anonymous: boolean;
  /** MFA factors, verified or not; absent when there are none (GoTrue's omitempty). */
  factors?: FactorDto[];
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function identityDto(row: IdentityRow): IdentityDto {
  return withoutUndefined({
    identity_id: row.id,
    id: row.providerId,
    user_id: row.userId,
    identity_data: row.identityData,
    provider: row.provider,
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    created_at: row.createdAt?.toISOString() ?? null,
    updated_at: row.updatedAt?.toISOString() ?? null,
    email: row.email ?? undefined,
  });
}

export function userDto(row: UserRow, identityRows: IdentityRow[]): UserDto {
  const created = row.createdAt ?? new Date(0);
  return withoutUndefined({
    id: row.id,
    aud: row.aud ?? "authenticated",
    role: row.role ?? "authenticated",
    email: row.email ?? "",
    email_confirmed_at: iso(row.emailConfirmedAt),
    invited_at: iso(row.invitedAt),
    phone: row.phone ?? "",
    phone_confirmed_at: iso(row.phoneConfirmedAt),
    confirmation_sent_at: iso(row.confirmationSentAt),
    confirmed_at: iso(row.confirmedAt),
    recovery_sent_at: iso(row.recoverySentAt),
    new_email: row.emailChange || undefined,
    email_change_sent_at: iso(row.emailChangeSentAt),
    new_phone: row.phoneChange || undefined,
    phone_change_sent_at: iso(row.phoneChangeSentAt),
    last_sign_in_at: iso(row.lastSignInAt),
    app_metadata: row.rawAppMetaData ?? {},
    user_metadata: row.rawUserMetaData ?? {},
    identities: identityRows.map(identityDto),
    created_at: created.toISOString(),
    updated_at: (row.updatedAt ?? created).toISOString(),
    banned_until: iso(row.bannedUntil),
    is_anonymous: row.isAnonymous,
  });
}

export async function findUserById(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row && !row.deletedAt ? row : undefined;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.email, email));
  return row && !row.deletedAt && !row.isSsoUser ? row : undefined;
}

export async function findUserByPhone(tx: Tx, phone: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.phone, phone));
  return row && !row.deletedAt ? row : undefined;
}

export async function loadUserDto(tx: Tx, row: UserRow): Promise<UserDto> {
  const [rows, factors] = await Promise.all([
    tx.select().from(identities).where(eq(identities.userId, row.id)),
    userFactors(tx, row.id),
  ]);
  const dto = userDto(row, rows);
  return factors.length ? { ...dto, factors: factors.map(factorDto) } : dto;
}

export function isBanned(row: UserRow, now = new Date()): boolean {
  return !!row.bannedUntil && row.bannedUntil > now;
}
