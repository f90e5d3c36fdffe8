-- Moderators see the photos of the reviews they decide on (docs/commerce.md, "Moderation"):
-- a reported review's photos are hidden from everyone else (review_photos_select_readable
-- follows the reviews' own policies), so a platform moderator reads every review's photos
-- through this policy, served by /api/moderation/review-photos/<id>. app.is_platform_moderator()
-- (0021) reads platform_moderators live; wrapped in a subquery it runs once per statement.
CREATE POLICY "review_photos_select_moderator" ON "review_photos" AS PERMISSIVE FOR SELECT TO "authenticated" USING ((select app.is_platform_moderator()));
