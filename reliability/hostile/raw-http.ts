import net from "node:net";
import type { Case } from "./openapi.ts";

/** Malformed HTTP on a raw socket: the parser must refuse it without taking the process down. */
export function rawCases(port: number): Case[] {
  const host = `127.0.0.1:${port}`;
  const lines = [
    "GARBAGE\r\n\r\n",
    "GET / HTTP/9.9\r\n\r\n",
    "GET /api/health\r\n\r\n",
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${"h".repeat(20_000)}\r\n\r\n`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\n${Array.from({ length: 3_000 }, (_, i) => `X-H${i}: ${i}`).join("\r\n")}\r\n\r\n`,
    `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n0\r\n\r\nGET /api/admin/users HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 100\r\nContent-Type: application/json\r\n\r\n{}`,
    `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Length: -1\r\nContent-Type: application/json\r\n\r\n{}`,
    `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2\r\nContent-Length: 40\r\nContent-Type: application/json\r\n\r\n{}`,
    `POST /api/quotes HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 999999999999999999999\r\n\r\n{}`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nBad Header Name: x\r\n\r\n`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-Nul: a\u0000b\r\n\r\n`,
    `GET /\u00ff\u00fe HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `GET /api/../../etc/passwd HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `GET http://evil.example/api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\n Folded: header\r\n\r\n`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\nX-Bare-LF: 1\n\n`,
    `GET /api/health HTTP/1.1\r\n\r\n`,
    `get /api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`,
    `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nExpect: 100-continue\r\n\r\n`,
    `PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n`,
  ];
  return lines.map((text, i) => ({
    op: "raw HTTP",
    family: `raw request #${i + 1}: ${JSON.stringify(text.slice(0, 40))}`,
    method: "RAW",
    path: "",
    headers: {},
    as: "anonymous" as const,
    mutating: true,
    admin: false,
    page: false,
    mayCloseEarly: true,
    raw: Buffer.from(text, "latin1"),
  }));
}

export function sendRaw(port: number, bytes: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    const done = () => {
      socket.destroy();
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: match ? Number(match[1]) : 0, text });
    };
    socket.setTimeout(3_000, done);
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    socket.on("end", done);
    socket.on("error", done);
    socket.write(bytes);
  });
}
