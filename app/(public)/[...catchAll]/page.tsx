import { notFound } from "next/navigation";

/** Anything no other route matched: logged as spec §8 says, then the 404 page. */
export default async function CatchAll({ params }: { params: Promise<{ catchAll: string[] }> }) {
  const { catchAll } = await params;
  console.warn(`Page Not Found: /${catchAll.join("/")}`);
  notFound();
}
