import { describe, expect, it } from "vitest";
import { toApiError } from "./better-auth-mount.ts";

describe("better-auth's errors in the API's shape", () => {
  it("words the library's codes the product's way", () => {
    expect(toApiError(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" })).toEqual({
      error: { code: "unauthenticated", message: "The password doesn't match" },
    });
    // A taken address is never named (decision 030): sign-up answers as for a new one, and any other path says nothing of it.
    expect(toApiError(422, { code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" }).error).toEqual({
      code: "conflict",
      message: "This could not be done with these details.",
    });
  });

  it("maps an unknown code by status, and a code named like an Object property is still unknown", () => {
    expect(toApiError(400, { code: "SOMETHING_NEW", message: "Something new" })).toEqual({
      error: { code: "bad_request", message: "Something new" },
    });
    expect(toApiError(403, { code: "constructor", message: "x" }).error.code).toBe("forbidden");
    expect(toApiError(400, { code: "__proto__" }).error).toEqual({
      code: "bad_request",
      message: "The request is not valid.",
    });
  });

  it("never passes a 5xx message on", () => {
    expect(toApiError(500, { message: "relation users does not exist" })).toEqual({
      error: { code: "internal", message: "Something went wrong on our side. Please try again." },
    });
  });
});
