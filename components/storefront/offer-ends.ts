import "server-only";
import { getFormatter } from "next-intl/server";

/**
 * When an offer ends, as the public pages print it: in UTC with the zone named, since a cached
 * page is the same for every visitor (and the seller's zone is not the reader's).
 */
export async function offerEndsFormatter(): Promise<(endsAt: string) => string> {
  const format = await getFormatter();
  return (endsAt) =>
    format.dateTime(new Date(endsAt), {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: "UTC",
      timeZoneName: "short",
    });
}
