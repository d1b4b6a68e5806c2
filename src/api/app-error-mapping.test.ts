import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { AppError, HTTP_STATUS } from "../core/errors/app-error";
import { graphqlErrorOf, registerAppErrorHandler } from "./app-error-mapping";

describe("AppError mapping", () => {
  it("answers an AppError escaping a Fastify route with its status and JSON body; other errors keep Fastify's default 500", async () => {
    const app = Fastify({ logger: false });
    registerAppErrorHandler(app);
    app.get("/refused", async () => {
      throw new AppError("RATE_LIMITED", "Too many attempts", { retryAfterSeconds: 30 });
    });
    app.get("/broken", async () => {
      throw new Error("secret detail");
    });
    const refused = await app.inject({ url: "/refused" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("30");
    expect(refused.json()).toEqual({
      error: { code: "RATE_LIMITED", message: "Too many attempts", retryAfterSeconds: 30 },
    });
    const broken = await app.inject({ url: "/broken" });
    expect(broken.statusCode).toBe(500);
    await app.close();
  });

  it("gives GraphQL the code (or the payment code), the details and the field messages", () => {
    const invalid = graphqlErrorOf(new AppError("BAD_REQUEST", "Fix it", { fields: { name: "Required" } }));
    expect(invalid.message).toBe("Fix it");
    expect(invalid.extensions).toEqual({
      code: "BAD_REQUEST",
      details: { fields: { name: "Required" } },
      fields: { name: "Required" },
    });
    const declined = graphqlErrorOf(new AppError("CONFLICT", "Declined", { graphqlCode: "PAYMENT_DECLINED" }));
    expect(declined.extensions.code).toBe("PAYMENT_DECLINED");
  });

  it("keeps the statuses the spec and the gateway answer with", () => {
    expect(HTTP_STATUS).toMatchObject({ CSRF: 419, UNAUTHENTICATED: 401, UPSTREAM: 502, UPSTREAM_TIMEOUT: 504 });
  });
});
