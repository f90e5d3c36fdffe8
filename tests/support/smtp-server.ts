/**
 * A local SMTP server for tests, run as its own process (`node --import tsx
 * tests/support/smtp-server.ts`). It listens on a free port of 127.0.0.1, prints
 * {"port":N} as its first stdout line, then one JSON line per received message
 * ({"from","to","raw"}). No TLS, no authentication: for tests only.
 */
import { SMTPServer } from "smtp-server";

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const envelope = session.envelope;
      const line = JSON.stringify({
        from: envelope.mailFrom ? envelope.mailFrom.address : null,
        to: envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      process.stdout.write(`${line}\n`, () => callback());
    });
  },
});

server.listen(0, "127.0.0.1", () => {
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
