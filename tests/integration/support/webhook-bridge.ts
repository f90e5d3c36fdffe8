import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { POST } from "@/app/api/payments/webhook/route";

/**
 * The payment webhook endpoint for the local Stripe API server: the real route handler
 * behind a plain HTTP server on a free port. Answers the server and its webhook URL.
 */
export async function startWebhookBridge(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      POST(
        new Request("http://127.0.0.1/api/payments/webhook", {
          method: "POST",
          headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      )
        .then(async (answer) => {
          response.writeHead(answer.status, { "content-type": "application/json" });
          response.end(await answer.text());
        })
        .catch(() => {
          response.writeHead(500);
          response.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, url: `http://127.0.0.1:${port}/api/payments/webhook` };
}
