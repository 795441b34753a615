import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type Backend, type BackendOptions, createBackend } from "../app";
import { demoAccounts } from "../db/seed/demo-accounts";
import type { Logger } from "../logger";
import { silentLogger } from "../logger";
import { graphql } from "../testing/graphql";
import { MailDeliveryError } from "./mailer";
import { latestMessages, linksIn } from "./outbox";
import { describeSmtpUrl } from "./smtp";
import { escapeHtml } from "./templates";

/** A minimal SMTP server (RFC 5321 happy path, no TLS): records each message's envelope and data. */
async function startSmtpServer(): Promise<{
  url: string;
  messages: { from: string; to: string[]; data: string }[];
  close(): Promise<void>;
}> {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    socket.write("220 test.smtp ESMTP\r\n");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let index = buffer.indexOf("\r\n"); index >= 0; index = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            messages.push(current);
            current = { from: "", to: [], data: "" };
            socket.write("250 OK queued\r\n");
          } else {
            current.data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") socket.write("250-test.smtp\r\n250 8BITMIME\r\n");
        else if (command === "MAIL") {
          current.from = line;
          socket.write("250 OK\r\n");
        } else if (command === "RCPT") {
          current.to.push(line);
          socket.write("250 OK\r\n");
        } else if (command === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (command === "QUIT") {
          socket.end("221 bye\r\n");
        } else socket.write("250 OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const requestReset = (backend: Backend, email: string) =>
  graphql(backend, "account", `mutation($e: String!) { requestPasswordReset(email: $e) { ok } }`, {
    variables: { e: email },
  });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A back-end on a fresh in-memory database, logging nothing unless `options` say; closed after the test. */
async function backendOf(options: Partial<BackendOptions>): Promise<Backend> {
  const backend = await createBackend({ databasePath: ":memory:", logger: silentLogger, ...options });
  cleanups.push(() => backend.close());
  return backend;
}

/** An SMTP server for one test, closed after it. */
async function smtpServer() {
  const smtp = await startSmtpServer();
  cleanups.push(() => smtp.close());
  return smtp;
}

describe("mailer", () => {
  it("records every message in mail_outbox by default", async () => {
    const backend = await backendOf({ seedDemo: true });
    const { id } = await backend.mailer.send({
      to: "someone@example.test",
      subject: "Hello",
      text: "Text body",
      html: "<p>Html</p>",
    });
    const [row] = await latestMessages(backend.db, { to: "Someone@Example.test" });
    expect(row).toMatchObject({
      id,
      to_address: "someone@example.test",
      subject: "Hello",
      text: "Text body",
      html: "<p>Html</p>",
    });
    expect(Date.parse(row!.created_at)).not.toBeNaN();
  });

  it("delivers through SMTP when SMTP_URL is set, and still records the message", async () => {
    const smtp = await smtpServer();
    const backend = await backendOf({
      seedDemo: true,
      accountFlows: {
        smtpUrl: smtp.url,
        mailFrom: "Portal <portal@example.test>",
        portalUrl: "https://portal.example",
      },
    });

    expect((await requestReset(backend, demoAccounts.emma.email)).body.data).toEqual({
      requestPasswordReset: { ok: true },
    });
    await backend.mailer.idle();
    expect(smtp.messages).toHaveLength(1);
    const delivered = smtp.messages[0]!;
    expect(delivered.from).toContain("<portal@example.test>");
    expect(delivered.to).toEqual([`RCPT TO:<${demoAccounts.emma.email}>`]);
    expect(delivered.data).toContain("Subject: My Consumption: Reset your password");
    const [recorded] = await latestMessages(backend.db, { to: demoAccounts.emma.email });
    const [link] = linksIn(recorded!.text);
    expect(link).toMatch(/^https:\/\/portal\.example\/set-password\?token=/);
    // The token is in the delivered message too (quoted-printable may wrap long lines).
    const token = new URL(link!).searchParams.get("token")!;
    expect(delivered.data.replace(/=\n/g, "")).toContain(token);
  });

  it("logs a failed delivery without failing the request", async () => {
    const errors: unknown[][] = [];
    const logger: Logger = { ...silentLogger, error: (...args) => errors.push(args) };
    const backend = await backendOf({ seedDemo: true, logger, accountFlows: { smtpUrl: "smtp://127.0.0.1:9" } });
    expect((await requestReset(backend, demoAccounts.anna.email)).body.data).toEqual({
      requestPasswordReset: { ok: true },
    });
    await backend.mailer.idle();
    expect(errors).toHaveLength(1);
    expect(String(errors[0]![0])).toMatch(/^mail #\d+ could not be delivered via smtp:\/\/127\.0\.0\.1:9/);
    expect(await latestMessages(backend.db, { to: demoAccounts.anna.email })).toHaveLength(1);
  });
});

describe("mailer, a message's own headers and awaited delivery (the weekly update, ADR 0076)", () => {
  const headers = {
    "List-Unsubscribe": "<https://portal.example/unsubscribe/weekly-update/wu.1.x?lng=da>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
  const message = { to: "someone@example.test", subject: "Weekly", text: "Text\n", html: "<p>Html</p>", headers };

  it("sends the headers over SMTP and keeps them in the outbox; awaitDelivery resolves once delivered", async () => {
    const smtp = await smtpServer();
    const backend = await backendOf({ accountFlows: { smtpUrl: smtp.url } });
    const { id } = await backend.mailer.send(message, { awaitDelivery: true });
    // Delivered before send resolved: no idle() needed.
    expect(smtp.messages).toHaveLength(1);
    // Unfolded (RFC 5322 lets a long header go on over lines that start with white space).
    const data = smtp.messages[0]!.data.replace(/\n[ \t]+/g, " ");
    expect(data).toContain(`List-Unsubscribe: ${headers["List-Unsubscribe"]}`);
    expect(data).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const [row] = await latestMessages(backend.db, { to: message.to });
    expect(row).toMatchObject({ id, headers: JSON.stringify(headers) });
  });

  it("with awaitDelivery throws MailDeliveryError (the message stays in the outbox) when SMTP refuses", async () => {
    const backend = await backendOf({ accountFlows: { smtpUrl: "smtp://127.0.0.1:9" } });
    const failure = await backend.mailer.send(message, { awaitDelivery: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    const [row] = await latestMessages(backend.db, { to: message.to });
    expect((failure as MailDeliveryError).outboxId).toBe(row!.id);
  });
});

describe("e-mails", () => {
  it("escapes HTML", () => {
    expect(escapeHtml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  });

  it("never logs SMTP credentials", () => {
    expect(describeSmtpUrl("smtps://user:secret@mail.example:465")).toBe("smtps://mail.example:465");
  });
});
