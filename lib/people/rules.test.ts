import { describe, expect, it } from "vitest";
import {
  effectiveInvitationStatus,
  employmentChangeError,
  invitationAnswerError,
  invitationExpiry,
  MAX_SENDS,
  remainsActiveOwner,
  removesLastOwner,
  resendAllowed,
  seatAvailable,
  type EmploymentChange,
  type EmploymentChangeParties,
} from "./rules";

const now = new Date("2026-11-22T10:00:00Z");

describe("invitation lifetimes and answers", () => {
  it("expires seven days after sending", () => {
    expect(invitationExpiry(now).toISOString()).toBe("2026-11-29T10:00:00.000Z");
  });

  it("reads a pending invitation past its expiry as expired, and nothing else", () => {
    const past = new Date(now.getTime() - 1);
    const future = new Date(now.getTime() + 1);
    expect(effectiveInvitationStatus({ status: "pending", expiresAt: past }, now)).toBe("expired");
    expect(effectiveInvitationStatus({ status: "pending", expiresAt: now }, now)).toBe("expired");
    expect(effectiveInvitationStatus({ status: "pending", expiresAt: future }, now)).toBe(
      "pending",
    );
    expect(effectiveInvitationStatus({ status: "revoked", expiresAt: future }, now)).toBe(
      "revoked",
    );
    expect(effectiveInvitationStatus({ status: "accepted", expiresAt: past }, now)).toBe(
      "accepted",
    );
  });

  it("says why an invitation cannot be answered", () => {
    expect(invitationAnswerError("pending")).toBeNull();
    expect(invitationAnswerError("expired")).toBe("invitationExpired");
    expect(invitationAnswerError("revoked")).toBe("invitationRevoked");
    expect(invitationAnswerError("accepted")).toBe("invitationUsed");
    expect(invitationAnswerError("declined")).toBe("invitationUsed");
  });

  it("allows a resend once a minute, up to the maximum", () => {
    const sent = (secondsAgo: number, sendCount = 1) => ({
      lastSentAt: new Date(now.getTime() - secondsAgo * 1000),
      sendCount,
    });
    expect(resendAllowed(sent(59), now)).toBe(false);
    expect(resendAllowed(sent(60), now)).toBe(true);
    expect(resendAllowed(sent(3600, MAX_SENDS - 1), now)).toBe(true);
    expect(resendAllowed(sent(3600, MAX_SENDS), now)).toBe(false);
  });
});

describe("seats", () => {
  it("has room while the seats in use are below the limit; null is unlimited", () => {
    expect(seatAvailable(4, 5)).toBe(true);
    expect(seatAvailable(5, 5)).toBe(false);
    expect(seatAvailable(7, 5)).toBe(false);
    expect(seatAvailable(10_000, null)).toBe(true);
  });
});

describe("who may change whose membership", () => {
  const parties = (
    actorRole: EmploymentChangeParties["actor"]["roleKey"],
    targetRole: EmploymentChangeParties["target"]["roleKey"],
    options: { self?: boolean; status?: EmploymentChangeParties["target"]["status"] } = {},
  ): EmploymentChangeParties => ({
    actor: { employmentId: "actor", roleKey: actorRole },
    target: {
      employmentId: options.self ? "actor" : "target",
      roleKey: targetRole,
      status: options.status ?? "active",
    },
  });
  const role = (newRoleKey: "owner" | "admin" | "staff" | null): EmploymentChange => ({
    kind: "role",
    newRoleKey,
  });

  it.each([
    ["admin changes staff to manager", parties("admin", "staff"), role("admin"), null],
    ["admin grants owner", parties("admin", "staff"), role("owner"), "ownerOnly"],
    ["admin demotes an owner", parties("admin", "owner"), role("staff"), "ownerOnly"],
    ["admin suspends an owner", parties("admin", "owner"), { kind: "suspend" }, "ownerOnly"],
    ["owner grants owner", parties("owner", "staff"), role("owner"), null],
    ["owner demotes an owner", parties("owner", "owner"), role("admin"), null],
    [
      "owner changes own role",
      parties("owner", "owner", { self: true }),
      role("admin"),
      "selfChange",
    ],
    [
      "admin suspends self",
      parties("admin", "admin", { self: true }),
      { kind: "suspend" },
      "selfChange",
    ],
    ["admin ends self", parties("admin", "admin", { self: true }), { kind: "end" }, "selfChange"],
    ["owner leaves", parties("owner", "owner", { self: true }), { kind: "end" }, null],
    ["custom role changes staff", parties(null, "staff"), role(null), null],
    [
      "suspend a suspended member",
      parties("admin", "staff", { status: "suspended" }),
      { kind: "suspend" },
      "stale",
    ],
    ["reactivate an active member", parties("admin", "staff"), { kind: "reactivate" }, "stale"],
    [
      "change a suspended member's role",
      parties("admin", "staff", { status: "suspended" }),
      role("admin"),
      null,
    ],
    [
      "reactivate a suspended member",
      parties("admin", "staff", { status: "suspended" }),
      { kind: "reactivate" },
      null,
    ],
    [
      "end a suspended member",
      parties("admin", "staff", { status: "suspended" }),
      { kind: "end" },
      null,
    ],
    [
      "end an ended member",
      parties("admin", "staff", { status: "ended" }),
      { kind: "end" },
      "stale",
    ],
    [
      "change an ended member's role",
      parties("admin", "staff", { status: "ended" }),
      role("admin"),
      "stale",
    ],
  ] as const)("%s", (_name, who, change, expected) => {
    expect(employmentChangeError(who, change as EmploymentChange)).toBe(expected);
  });

  it("knows whether the target is an active owner after the change", () => {
    const activeOwner = { roleKey: "owner" as const, status: "active" as const };
    const suspendedOwner = { roleKey: "owner" as const, status: "suspended" as const };
    const suspendedAdmin = { roleKey: "admin" as const, status: "suspended" as const };
    expect(remainsActiveOwner(activeOwner, role("owner"))).toBe(true);
    expect(remainsActiveOwner(activeOwner, role("admin"))).toBe(false);
    // Made owner while suspended: an owner, but not an active one.
    expect(remainsActiveOwner(suspendedAdmin, role("owner"))).toBe(false);
    expect(remainsActiveOwner(suspendedOwner, { kind: "reactivate" })).toBe(true);
    expect(remainsActiveOwner(suspendedAdmin, { kind: "reactivate" })).toBe(false);
    expect(remainsActiveOwner(activeOwner, { kind: "suspend" })).toBe(false);
    expect(remainsActiveOwner(activeOwner, { kind: "end" })).toBe(false);
  });

  it("refuses to take the last active owner out of the owners", () => {
    const owner = { roleKey: "owner" as const, status: "active" as const };
    expect(removesLastOwner(1, owner, role("admin"))).toBe(true);
    expect(removesLastOwner(1, owner, { kind: "suspend" })).toBe(true);
    expect(removesLastOwner(1, owner, { kind: "end" })).toBe(true);
    expect(removesLastOwner(1, owner, role("owner"))).toBe(false);
    expect(removesLastOwner(2, owner, role("admin"))).toBe(false);
    expect(removesLastOwner(1, { roleKey: "admin", status: "active" }, { kind: "end" })).toBe(
      false,
    );
    expect(removesLastOwner(0, { roleKey: "owner", status: "suspended" }, { kind: "end" })).toBe(
      false,
    );
  });
});
