import { checkDatabase } from "@/lib/db/health";

export const dynamic = "force-dynamic";

/** Liveness and readiness: 200 when the database answers, 503 when it does not. */
export async function GET() {
  const database = await checkDatabase();
  return Response.json(
    {
      status: database.ok ? "ok" : "error",
      database: {
        status: database.ok ? "ok" : "down",
        driver: database.driver,
        latencyMs: database.latencyMs,
      },
    },
    { status: database.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
