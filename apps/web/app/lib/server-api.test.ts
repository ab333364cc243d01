import { describe, expect, it } from "vitest";
import { ApiClientError } from "./api-client.ts";
import { refusalAsResponse } from "./server-api.ts";

const refused = (status: number, message?: string) =>
  Promise.reject(new ApiClientError(status, message ? { code: "bad_request", message } : undefined));

/** What the loader threw, as the status and text of the response the error boundary gets. */
async function answerTo(pending: Promise<unknown>, noSuchThing?: Parameters<typeof refusalAsResponse>[1]) {
  try {
    await refusalAsResponse(pending, noSuchThing);
  } catch (thrown) {
    const response = thrown as { data: unknown; init: ResponseInit | null };
    return { status: response.init?.status, text: response.data };
  }
  throw new Error("nothing was thrown");
}

describe("refusalAsResponse, how loaders answer the API's refusals", () => {
  it("passes the API's answer through", async () => {
    await expect(refusalAsResponse(Promise.resolve({ id: 7 }))).resolves.toEqual({ id: 7 });
  });

  it("makes a refusal a response of the API's status, in its words", async () => {
    expect(await answerTo(refused(400, "That page cursor is not valid."))).toEqual({
      status: 400,
      text: "That page cursor is not valid.",
    });
    expect(await answerTo(refused(403, "Verify your e-mail address first."))).toEqual({
      status: 403,
      text: "Verify your e-mail address first.",
    });
  });

  it("words an address naming nothing (400 or 404) as the loader says", async () => {
    const noSuchOrder = { status: 404, message: "There is no such order." } as const;
    expect(await answerTo(refused(400, "Bad id"), noSuchOrder)).toEqual({
      status: 404,
      text: "There is no such order.",
    });
    expect(await answerTo(refused(404, "Not found"), noSuchOrder)).toEqual({
      status: 404,
      text: "There is no such order.",
    });
    // Other refusals keep their own status and words.
    expect(await answerTo(refused(409, "Changed meanwhile"), noSuchOrder)).toEqual({
      status: 409,
      text: "Changed meanwhile",
    });
  });

  it("prefers the API's words where the loader asks, with its own when the API gave none", async () => {
    const noSuchDay = { status: 400, message: "There is no such branch or day.", apiWordsFirst: true } as const;
    expect(await answerTo(refused(404, "No branch 'xyz'."), noSuchDay)).toEqual({
      status: 400,
      text: "No branch 'xyz'.",
    });
    expect(await answerTo(refused(404), noSuchDay)).toEqual({ status: 400, text: "There is no such branch or day." });
  });

  it("lets server failures and other errors through unchanged", async () => {
    const failure = new ApiClientError(503, { code: "service_unavailable", message: "Try again" });
    await expect(refusalAsResponse(Promise.reject(failure))).rejects.toBe(failure);
    const network = new TypeError("fetch failed");
    await expect(refusalAsResponse(Promise.reject(network), { status: 404, message: "x" })).rejects.toBe(network);
  });
});
