import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bodyLimitFor, formBodies } from "./form-bodies";

// The body reader on a real server, with limits small enough to reach in a test: a body that does not arrive in its
// time is answered 408, and the route never runs.
let server: http.Server;
let url = "";
let routeRan = 0;

beforeAll(async () => {
  const app = express();
  app.use(formBodies(pino({ level: "silent" }), () => ({ bytes: 1024, timeoutMs: 300 })));
  app.post("/{*splat}", (_req, res) => {
    routeRan++;
    res.send("ok");
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function post(write: (req: http.ClientRequest) => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.request(`${url}/es/suggest-a-place`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", () => resolve({ status: 0, body: "" }));
    write(req);
  });
}

it("answers 408 in the address's language when the body does not arrive in time, without running the route", async () => {
  const answer = await post((req) => req.write("a=b")); // never ended
  expect(answer.status).toBe(408);
  expect(answer.body).toBe("El formulario tardó demasiado en llegar. Envíalo de nuevo.");
  expect(routeRan).toBe(0);
});

it("hands a body that fits to the route", async () => {
  const answer = await post((req) => req.end("a=b"));
  expect(answer).toEqual({ status: 200, body: "ok" });
  expect(routeRan).toBe(1);
});

it("fits each address's limit to its purpose", () => {
  expect(bodyLimitFor("/api/newsletter").bytes).toBe(16 * 1024);
  expect(bodyLimitFor("/suggest-a-place").bytes).toBe(128 * 1024);
  expect(bodyLimitFor("/admin/login").bytes).toBe(128 * 1024);
  expect(bodyLimitFor("/admin/dashboard/newsletter/issues/1").bytes).toBe(8 * 1024 * 1024);
});
