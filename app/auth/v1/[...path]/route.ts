import { dispatchAuthRequest } from "@/lib/auth/service/router";
import { hostedAuth } from "@/lib/env";

/** The built-in, Supabase-compatible auth service (lib/auth/service); off with SUPABASE_URL. */
type Context = { params: Promise<{ path: string[] }> };

export const dynamic = "force-dynamic";

async function handle(request: Request, context: Context): Promise<Response> {
  // A hosted Supabase project signs users in: the built-in service does not exist then.
  if (hostedAuth()) return new Response(null, { status: 404 });
  const { path } = await context.params;
  return dispatchAuthRequest(request, path);
}

export {
  handle as GET,
  handle as POST,
  handle as PUT,
  handle as PATCH,
  handle as DELETE,
  handle as OPTIONS,
};
