import { definePermissions } from "@/lib/permissions/define";

/** Reviews of the organisation's listings: read them, answer publicly, report to moderation. */
export const reviewPermissions = definePermissions([
  { name: "reviews.review.read", roles: ["manager", "staff", "viewer"] },
  { name: "reviews.review.reply", roles: ["manager", "staff"] },
  { name: "reviews.review.report", roles: ["manager"] },
]);
