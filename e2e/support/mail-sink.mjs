// A real SMTP server for the browser tests: the product sends its e-mails here, and the tests read
// them back over HTTP (GET /messages?to=ADDRESS → [{ to, raw, text }]) to follow the links they carry.
import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";

/** The decoded text of a quoted-printable or plain message, good enough to find links in. */
function decoded(raw) {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export async function startMailSink({ smtpPort, httpPort }) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        raw += chunk;
      });
      stream.on("end", () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, text: decoded(raw) });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== "/messages") {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
  });
  await new Promise((resolve) => http.listen(httpPort, "127.0.0.1", resolve));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => http.close(r))]),
  };
}
