import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "@/lib/backoffice/doors";
import { createProductCommand } from "@/lib/commerce/products";
import { closeDb, getDb } from "@/lib/db/client";
import { cachedPublicProduct, productPreview } from "@/lib/listings/public-products";
import { enableCommerce, productInput } from "./support/commerce";
import { createOrganisationWorld, type OrganisationWorld } from "./support/organisations";

/**
 * The back office's preview of a listing (issue 11 §2): the organisation's members who may
 * read products see a draft as its page will look; nobody else sees it through the preview.
 */
let world: OrganisationWorld;
let draftId: string;
const db = () => getDb();

beforeAll(async () => {
  world = await createOrganisationWorld(db(), ["commerce.product.read"]);
  await enableCommerce(db(), world.a.id);
  await enableCommerce(db(), world.b.id);
  const created = await runCommand(
    world.a.members.manager.claims,
    world.a.id,
    productInput("Preview Lamp"),
    createProductCommand,
  );
  if (created.status !== "done") throw new Error(JSON.stringify(created));
  draftId = created.data.id;
});

afterAll(async () => {
  await closeDb();
});

describe("the product preview", () => {
  it("shows a draft to the organisation's readers as its page will look", async () => {
    const preview = await productPreview(world.a.members.viewer.claims, world.a.id, draftId);
    expect(preview).toMatchObject({
      id: draftId,
      status: "draft",
      title: "Preview Lamp",
      variants: [expect.objectContaining({ priceMinor: 19999 })],
      images: [],
    });
  });

  it("shows nothing to another organisation, through its own id or ours", async () => {
    const intruder = world.b.members.owner.claims;
    expect(await productPreview(intruder, world.b.id, draftId)).toBeNull();
    expect(await productPreview(intruder, world.a.id, draftId)).toBeNull();
    expect(await productPreview(world.a.members.owner.claims, world.b.id, draftId)).toBeNull();
    expect(await productPreview(world.a.members.owner.claims, world.a.id, "nope")).toBeNull();
  });

  it("a product page's id that is no product's reads nothing and keeps nothing under its tag", async () => {
    // A 3,000-character id once made Next warn of an invalid cache tag on every visit.
    await expect(cachedPublicProduct("x".repeat(3_000))).resolves.toBeNull();
    await expect(cachedPublicProduct("not-a-uuid")).resolves.toBeNull();
  });
});
