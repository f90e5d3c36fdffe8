import { isMicrosecondTimestamp } from "@/lib/validation/calendar";

/**
 * The audit trail's keyset cursor: the (created_at, id) of the row a page ends at and the
 * direction to read from it, as one opaque URL-safe token. created_at keeps Postgres's
 * microseconds (a JavaScript Date would drop them and break ties), so the cursor carries it
 * as the text Postgres printed. Anything that does not decode is no cursor (the newest page).
 */
export type AuditCursorDirection = "older" | "newer";

export interface AuditCursor {
  direction: AuditCursorDirection;
  /** UTC, microseconds: 2026-11-22T07:35:00.123456Z */
  createdAt: string;
  id: number;
}

const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

export function encodeAuditCursor(cursor: AuditCursor): string {
  const text = `${cursor.direction === "older" ? "o" : "n"}|${cursor.createdAt}|${cursor.id}`;
  return Buffer.from(text, "utf8").toString("base64url");
}

export function decodeAuditCursor(token: string | null | undefined): AuditCursor | null {
  if (!token || !TOKEN.test(token)) return null;
  const parts = Buffer.from(token, "base64url").toString("utf8").split("|");
  if (parts.length !== 3) return null;
  const [direction, createdAt, idText] = parts as [string, string, string];
  if (direction !== "o" && direction !== "n") return null;
  if (!isMicrosecondTimestamp(createdAt)) return null;
  if (!/^[1-9]\d{0,15}$/.test(idText)) return null;
  const id = Number(idText);
  if (!Number.isSafeInteger(id)) return null;
  return { direction: direction === "o" ? "older" : "newer", createdAt, id };
}
