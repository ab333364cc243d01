import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./servers.ts";

/**
 * nginx in front of the product, as docs/deploy.md deploys it: the load balancer of the reliability
 * suite's multi-instance part (plain HTTP on loopback) and the HTTPS + HTTP/2 front the Lighthouse
 * benchmark measures the pages through (a phone reaches the product over HTTPS, where browsers speak
 * HTTP/2: every script of a page comes over the one connection that brought the page).
 */
const NGINX = "/usr/sbin/nginx";

export type NginxTls = { certificateFile: string; keyFile: string };
export type StaticFile = { file: string; headers?: Record<string, string> };

/**
 * Round-robin over the instances. A request refused by an instance that is stopping (connection refused,
 * or 503 from a closing server, both before any work is done) is passed to the next instance; that is
 * what makes a rolling restart invisible to clients. /metrics is not exposed.
 */
export function nginxConfig({
  listenPort,
  upstreamPorts,
  prefix,
  tls,
  staticFiles = {},
  hiddenHeaders = [],
}: {
  listenPort: number;
  upstreamPorts: number[];
  prefix: string;
  tls?: NginxTls;
  /**
   * Exact paths nginx answers itself from a file (HTML) with the given headers, not the product: the Lighthouse
   * bench's machine floor.
   */
  staticFiles?: Record<string, StaticFile>;
  /**
   * Response headers of the product that nginx leaves out (`proxy_hide_header`): the Lighthouse bench's
   * LIGHTHOUSE_WITHOUT_OPENER_POLICY experiment. Never part of the deployed configuration.
   */
  hiddenHeaders?: string[];
}) {
  const staticLocations = Object.entries(staticFiles)
    .map(([location, { file, headers = {} }]) => {
      const added = Object.entries(headers).map(
        ([name, value]) => ` add_header ${name} "${value.replaceAll('"', '\\"')}" always;`,
      );
      return `    location = ${location} { alias ${file}; default_type text/html;${added.join("")} }\n`;
    })
    .join("");
  // `listen … ssl http2` rather than `http2 on;`: Debian 12's nginx (1.22) predates the directive.
  const listen = tls
    ? `    listen 127.0.0.1:${listenPort} ssl http2;
    ssl_certificate ${tls.certificateFile};
    ssl_certificate_key ${tls.keyFile};`
    : `    listen 127.0.0.1:${listenPort};`;
  return `worker_processes 1;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream product {
${upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join("\n")}
    keepalive 32;
  }
  server {
${listen}
    client_max_body_size 1m;
    location = /metrics { return 404; }
${staticLocations}    location / {
      proxy_pass http://product;${hiddenHeaders.map((name) => ` proxy_hide_header ${name};`).join("")}
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
      proxy_next_upstream error timeout http_503 non_idempotent;
      proxy_next_upstream_tries ${upstreamPorts.length};
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }
}
`;
}

/** nginx from Debian: installed when missing and running as root, otherwise null (the caller skips). */
export function ensureNginx(): string | null {
  if (existsSync(NGINX)) return NGINX;
  if (process.getuid?.() !== 0) return null;
  console.log("  installing Debian's nginx…");
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  spawnSync("apt-get", ["install", "-y", "-qq", "nginx"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return existsSync(NGINX) ? NGINX : null;
}

/** A certificate for 127.0.0.1 made for this run only (openssl), trusted by nothing but this run. */
function selfSignedCertificate(prefix: string): NginxTls {
  const certificateFile = path.join(prefix, "cert.pem");
  const keyFile = path.join(prefix, "key.pem");
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certificateFile,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr?.toString() ?? ""}`);
  return { certificateFile, keyFile };
}

/** GET /api/health through the front; over HTTPS the run's own certificate is the one trusted. */
function healthy(url: string, ca: string | undefined): Promise<boolean> {
  if (!ca) {
    return fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
  }
  return new Promise((resolve) => {
    const probe = request(`${url}/api/health`, { ca, timeout: 2_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    probe.on("error", () => resolve(false));
    probe.end();
  });
}

export async function startNginx(
  binary: string,
  upstreamPorts: number[],
  options: {
    https?: boolean;
    listenPort?: number;
    staticFiles?: Record<string, StaticFile>;
    hiddenHeaders?: string[];
  } = {},
) {
  const prefix = mkdtempSync(path.join(tmpdir(), "bureau-nginx-"));
  for (const dir of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(prefix, dir));
  const listenPort = options.listenPort ?? (await freePort());
  const tls = options.https ? selfSignedCertificate(prefix) : undefined;
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    nginxConfig({
      listenPort,
      upstreamPorts,
      prefix,
      staticFiles: options.staticFiles,
      hiddenHeaders: options.hiddenHeaders,
      ...(tls ? { tls } : {}),
    }),
  );
  const child = spawn(binary, ["-p", prefix, "-c", conf, "-g", "daemon off;"], { stdio: "ignore" });
  const url = `${tls ? "https" : "http"}://127.0.0.1:${listenPort}`;
  const ca = tls ? readFileSync(tls.certificateFile, "utf8") : undefined;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}); see ${prefix}/error.log`);
    if (await healthy(url, ca)) break;
    if (i > 200) throw new Error("nginx did not answer within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    confFile: conf,
    // nginx's folder (configuration, certificate, temporary files) goes with it.
    stop: () =>
      new Promise<void>((resolve) => {
        const removeFolder = () => {
          rmSync(prefix, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return removeFolder();
        child.once("exit", removeFolder);
        child.kill("SIGQUIT");
      }),
  };
}
