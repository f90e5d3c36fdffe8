import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import type { UserClaims } from "@/lib/db/context";
import { AppError } from "@/lib/errors/app-error";
import { resolveAccess } from "@/lib/organisations/access";
import { suspendEmployment } from "@/lib/people/employment-commands";
import { getEmployment, listEmployees } from "@/lib/people/employees";
import { invitePerson, revokeInvitation } from "@/lib/people/invitation-commands";
import { countPendingInvitations, listInvitations } from "@/lib/people/invitations";
import type { Permission } from "@/lib/permissions/catalogue";
import {
  addMember,
  createCustomRole,
  createOrganisationWorld,
  type OrganisationWorld,
} from "./support/organisations";

/**
 * The permission matrix of the people doors: each built-in role and two custom roles ×
 * each door (read members, read invitations, write invitations, write employments).
 * A door either works or answers notFound; nothing in between: any other answer or exception
 * (an RLS error, a failure) fails the test instead of passing for a refusal.
 */
type Who = "owner" | "admin" | "manager" | "staff" | "viewer" | "customReader" | "customWriter";
type Door = "employment.read" | "invitation.read" | "invitation.write" | "employment.write";

const matrix: Record<Who, Record<Door, boolean>> = {
  owner: {
    "employment.read": true,
    "invitation.read": true,
    "invitation.write": true,
    "employment.write": true,
  },
  admin: {
    "employment.read": true,
    "invitation.read": true,
    "invitation.write": true,
    "employment.write": true,
  },
  manager: {
    "employment.read": true,
    "invitation.read": true,
    "invitation.write": false,
    "employment.write": false,
  },
  staff: {
    "employment.read": true,
    "invitation.read": false,
    "invitation.write": false,
    "employment.write": false,
  },
  viewer: {
    "employment.read": true,
    "invitation.read": false,
    "invitation.write": false,
    "employment.write": false,
  },
  customReader: {
    "employment.read": true,
    "invitation.read": false,
    "invitation.write": false,
    "employment.write": false,
  },
  customWriter: {
    "employment.read": true,
    "invitation.read": true,
    "invitation.write": true,
    "employment.write": true,
  },
};

let world: OrganisationWorld;
const claimsOf = {} as Record<Who, UserClaims>;
/** A role with no permission: anyone allowed to invite may give it (role-grant.ts). */
let guestRoleId: string;

beforeAll(async () => {
  world = await createOrganisationWorld(getDb(), ["people.employment.read"]);
  for (const key of ["owner", "admin", "manager", "staff", "viewer"] as const) {
    claimsOf[key] = world.a.members[key].claims;
  }
  claimsOf.customReader = world.custom.claims;
  const writerPermissions: Permission[] = [
    "people.employment.read",
    "people.employment.write",
    "people.invitation.read",
    "people.invitation.write",
  ];
  const writerRole = await createCustomRole(
    getDb(),
    world.a.id,
    `Writers ${randomUUID().slice(0, 6)}`,
    writerPermissions,
  );
  claimsOf.customWriter = (await addMember(getDb(), world.a.id, writerRole, "a-writer")).claims;
  guestRoleId = await createCustomRole(
    getDb(),
    world.a.id,
    `Guests ${randomUUID().slice(0, 6)}`,
    [],
  );
});

afterAll(async () => {
  await closeDb();
});

/** A read door's refusal: exactly AppError("notFound"), nothing else. */
function expectNotFound(error: unknown): void {
  expect(error).toBeInstanceOf(AppError);
  expect({ code: (error as AppError).code, field: (error as AppError).field }).toEqual({
    code: "notFound",
    field: undefined,
  });
}

async function tryDoor(who: Who, door: Door): Promise<boolean> {
  const claims = claimsOf[who];
  const access = await resolveAccess(claims, world.a.id);
  if (!access) throw new Error("no access");
  const page = { page: 1, size: 10, dir: "asc", status: null } as const;
  switch (door) {
    case "employment.read": {
      let list: Awaited<ReturnType<typeof listEmployees>>;
      let one: Awaited<ReturnType<typeof getEmployment>>;
      try {
        list = await listEmployees(access, { ...page, sort: "since", q: "", role: null });
        one = await getEmployment(access, world.a.members.staff.employmentId);
      } catch (error) {
        expectNotFound(error);
        return false;
      }
      // Allowed: the members are there (five built-in roles, the custom reader, the
      // suspended admin, the writer), not an empty answer that RLS made.
      expect(list.total).toBe(8);
      expect(one?.id).toBe(world.a.members.staff.employmentId);
      return true;
    }
    case "invitation.read": {
      try {
        await listInvitations(access, { ...page, sort: "sent" });
      } catch (error) {
        expectNotFound(error);
        return false;
      }
      return true;
    }
    case "invitation.write": {
      const result = await invitePerson(claims, world.a.id, {
        email: `matrix-${who}-${randomUUID().slice(0, 6)}@example.test`,
        roleId: guestRoleId,
      });
      // World A is over its free seats: a permitted caller gets as far as the seat count.
      if (result.status === "error" && result.code === "seatLimit") return true;
      if (result.status === "done") {
        await revokeInvitation(world.a.members.owner.claims, world.a.id, {
          invitationId: result.data.id,
        });
        return true;
      }
      expect(result).toEqual({ status: "error", code: "notFound" });
      return false;
    }
    case "employment.write": {
      // Suspending someone who is already suspended: a permitted caller reaches the rules.
      const result = await suspendEmployment(claims, world.a.id, {
        employmentId: world.suspended.employmentId,
        version: 1,
      });
      if (result.status === "error" && result.code === "notFound") return false;
      expect(result).toEqual({ status: "error", code: "stale" });
      return true;
    }
  }
}

describe("people doors × roles", () => {
  const cases = (Object.keys(matrix) as Who[]).flatMap((who) =>
    (Object.keys(matrix[who]) as Door[]).map((door) => [who, door, matrix[who][door]] as const),
  );
  it.each(cases)("%s on people.%s → %s", async (who, door, allowed) => {
    expect(await tryDoor(who, door)).toBe(allowed);
  });

  it("the dashboard's pending count is 0 without people.invitation.read", async () => {
    const staff = await resolveAccess(claimsOf.staff, world.a.id);
    expect(staff && (await countPendingInvitations(staff))).toBe(0);
  });
});
