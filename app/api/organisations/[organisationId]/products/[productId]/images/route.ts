import { revalidatePath, revalidateTag } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { organisationRoute } from "@/lib/backoffice/doors";
import { organisationPath } from "@/lib/backoffice/navigation";
import { readBodyWithin } from "@/lib/files/read-body";
import { processImage } from "@/lib/images/process-image";
import { addListingImage, productGallery } from "@/lib/listings/gallery";
import { LISTING_IMAGE_MAX_BYTES, LISTING_IMAGE_MAX_SIDE } from "@/lib/listings/gallery-rules";

/**
 * Adds a picture to a product's gallery: POST the image as the raw body. A route handler, not
 * a server action, so the size limit holds while reading (actions' body limit is global).
 * The answer is the command's state as JSON; 404 without commerce.product.write.
 */
const statusOf = (state: ActionState<unknown>): number => {
  if (state.status === "done") return 201;
  if (state.status === "failed") return 500;
  if (state.status !== "error") return 400;
  if (state.code === "notFound") return 404;
  if (state.code === "imageTooLarge") return 413;
  if (state.code === "imageUnreadable") return 415;
  return 409;
};

const answer = (state: ActionState<unknown>) =>
  Response.json(state, { status: statusOf(state), headers: { "Cache-Control": "no-store" } });

const refuse = (code: "imageTooLarge" | "imageUnreadable" | "notFound") =>
  answer({ status: "error", code, field: "image" });

export const POST = organisationRoute<{ organisationId: string; productId: string }>(
  { permission: "commerce.product.write", module: "commerce" },
  async (request, access, params) => {
    // Browsers send Sec-Fetch-Site: only this site's pages may add pictures.
    const site = request.headers.get("sec-fetch-site");
    if (site !== null && site !== "same-origin") return refuse("notFound");
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (declared > LISTING_IMAGE_MAX_BYTES) return refuse("imageTooLarge");
    const body = await readBodyWithin(request.body, LISTING_IMAGE_MAX_BYTES);
    if (!body.ok) return refuse(body.reason === "tooLarge" ? "imageTooLarge" : "imageUnreadable");
    const image = await processImage(body.bytes, { maxSide: LISTING_IMAGE_MAX_SIDE });
    if (typeof image === "string") return refuse(image);
    const state = await addListingImage(access.claims, access.organisation.id, productGallery, {
      listingId: params.productId,
      image,
    });
    if (state.status === "done") {
      for (const tag of state.data.tags) revalidateTag(tag, { expire: 0 });
      revalidatePath(organisationPath(access.organisation.id, "/commerce"), "layout");
    }
    return answer(state);
  },
);
