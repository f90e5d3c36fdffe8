import { dispatchAuthRequest } from "@/lib/auth/service/router";

/** The built-in, Supabase-compatible auth service (lib/auth/service). */
type Context = { params: Promise<{ path: string[] }> };

export const dynamic = "force-dynamic";

async function handle(request: Request, context: Context): Promise<Response> {
  const { path } = await context.params;
  return dispatchAuthRequest(request, path);
}

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as OPTIONS };
