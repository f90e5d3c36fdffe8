import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

/** One message as the test SMTP server received it, with the parts tests look at. */
export type CapturedMail = {
  from: string | null;
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
};

export type SmtpCapture = {
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  stop(): Promise<void>;
};

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([QB])\?([^?]*)\?=/gi,
      (_, _charset: string, enc: string, text: string) =>
        enc.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const index = part.search(/\r?\n\r?\n/);
  const head = index === -1 ? part : part.slice(0, index);
  const body = index === -1 ? "" : part.slice(index).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers["content-transfer-encoding"] ?? "").toLowerCase();
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

/** Subject and text/html parts of a raw message (enough MIME for nodemailer's output). */
export function parseMail(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitHeaders(raw);
  const subject = decodeHeader(headers["subject"] ?? "");
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  const parts = boundary
    ? body.split(`--${boundary}`).slice(1, -1).map(splitHeaders)
    : [{ headers, body }];
  const find = (type: string) => {
    const part = parts.find((p) => (p.headers["content-type"] ?? "text/plain").startsWith(type));
    return part ? decodeBody(part.headers, part.body).replace(/\r\n/g, "\n").trim() : "";
  };
  return { subject, text: find("text/plain"), html: find("text/html") };
}

/** Starts tests/support/smtp-server.ts as a child process and collects what it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const script = path.join(process.cwd(), "tests/support/smtp-server.ts");
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const messages: CapturedMail[] = [];
  const waiters: { match: (m: CapturedMail) => boolean; resolve: (m: CapturedMail) => void }[] = [];
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("SMTP server did not start")), 15_000);
    child.once("exit", (code) => reject(new Error(`SMTP server exited with ${code}`)));
    lines.on("line", (line) => {
      const data = JSON.parse(line) as {
        port?: number;
        from?: string | null;
        to?: string[];
        raw?: string;
      };
      if (data.port !== undefined) {
        clearTimeout(timer);
        resolve(data.port);
        return;
      }
      const mail: CapturedMail = {
        from: data.from ?? null,
        to: data.to ?? [],
        raw: data.raw ?? "",
        ...parseMail(data.raw ?? ""),
      };
      messages.push(mail);
      for (const waiter of waiters.filter((w) => w.match(mail))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(mail);
      }
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      const existing = messages.find(match);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("No matching email arrived")), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
    },
  };
}
