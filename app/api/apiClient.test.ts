import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { ApiError, apiClient } from "./apiClient";

function jsonResponse(status: number, body: unknown, statusText = ""): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}

let fetchMock: Mock<typeof fetch>;

function lastInit(): RequestInit {
  const init = fetchMock.mock.calls.at(-1)?.[1];
  if (!init) throw new Error("fetch was not called with options");
  return init;
}

function lastHeaders(): Record<string, string> {
  return lastInit().headers as Record<string, string>;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("document", { cookie: "language=en; slotted_csrf=token%2B1" });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiClient requests", () => {
  it("GETs JSON under /api with same-origin credentials and no CSRF header", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { user: { id: "u1" } }));

    await expect(apiClient.get("/me")).resolves.toEqual({ user: { id: "u1" } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/me");
    expect(lastInit()).toMatchObject({ method: "GET", credentials: "same-origin" });
    expect(lastInit().body).toBeUndefined();
    expect(lastHeaders()).toEqual({ Accept: "application/json" });
  });

  it("POSTs a JSON body with the CSRF token from the slotted_csrf cookie", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { token: "t" }));

    await apiClient.post("/auth/login", { email: "a@b.c", password: "secret" });

    expect(lastInit()).toMatchObject({
      method: "POST",
      credentials: "same-origin",
      body: JSON.stringify({ email: "a@b.c", password: "secret" }),
    });
    expect(lastHeaders()).toEqual({
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-CSRF-Token": "token+1",
    });
  });

  it("sends the CSRF token on every unsafe method", async () => {
    for (const call of [
      () => apiClient.put("/x", {}),
      () => apiClient.patch("/x", {}),
      () => apiClient.delete("/x"),
    ]) {
      fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
      await call();
      expect(lastHeaders()["X-CSRF-Token"]).toBe("token+1");
    }
  });

  it("sends no CSRF header when the cookie is absent", async () => {
    vi.stubGlobal("document", { cookie: "" });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(apiClient.post("/auth/logout")).resolves.toBeUndefined();

    expect(lastHeaders()).toEqual({ Accept: "application/json" });
    expect(lastInit().body).toBeUndefined();
  });

  it("asks for the server's messages in the page's language", async () => {
    vi.stubGlobal("document", { cookie: "", documentElement: { lang: "fr" } });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await apiClient.get("/x");

    expect(lastHeaders()).toEqual({ Accept: "application/json", "Accept-Language": "fr" });
  });

  it("passes the abort signal on and lets an abort through unchanged", async () => {
    const controller = new AbortController();
    const abort = new DOMException("aborted", "AbortError");
    fetchMock.mockImplementation(() => {
      controller.abort(abort);
      return Promise.reject(abort);
    });

    await expect(apiClient.get("/me", { signal: controller.signal })).rejects.toBe(abort);
    expect(lastInit().signal).toBe(controller.signal);
  });
});

describe("apiClient failures", () => {
  it("joins the messages of the errors map and keeps them per field (422)", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, {
        message: "The given data was invalid.",
        errors: {
          email: ["Please enter a valid email address."],
          username: ["Taken", "Too short"],
        },
      }),
    );

    const error = await failure(apiClient.post("/auth/signup", {}));

    expect(error.status).toBe(422);
    expect(error.message).toBe("Please enter a valid email address., Taken, Too short");
    expect(error.fieldErrors).toEqual({
      email: ["Please enter a valid email address."],
      username: ["Taken", "Too short"],
    });
  });

  it("uses the response message when there is no errors map, and keeps the code", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, {
        code: "SLOT_NOT_AVAILABLE_ANYMORE",
        message: "The selected time is not available anymore. Please choose another time.",
      }),
    );

    const error = await failure(apiClient.post("/event", {}));

    expect(error).toMatchObject({
      status: 409,
      code: "SLOT_NOT_AVAILABLE_ANYMORE",
      message: "The selected time is not available anymore. Please choose another time.",
      fieldErrors: {},
    });
  });

  it("falls back to the message when the errors map is empty", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: "Wrong password", errors: {} }));

    const error = await failure(apiClient.post("/auth/login", {}));

    expect(error).toMatchObject({ status: 401, message: "Wrong password" });
  });

  it("uses a plain string body, JSON or text", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, "Bad link"));
    expect((await failure(apiClient.get("/shared/x"))).message).toBe("Bad link");

    fetchMock.mockResolvedValueOnce(
      new Response("Service unavailable\n", {
        status: 503,
        headers: { "Content-Type": "text/plain" },
      }),
    );
    expect(await failure(apiClient.get("/me"))).toMatchObject({
      status: 503,
      message: "Service unavailable",
    });
  });

  it("falls back to the raw status when the body says nothing", async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 502, statusText: "Bad Gateway" }));
    expect((await failure(apiClient.get("/me"))).message).toBe("502 Bad Gateway");

    fetchMock.mockResolvedValueOnce(jsonResponse(404, {}));
    expect((await failure(apiClient.get("/me"))).message).toBe("404");
  });

  it("turns a network failure into status 0", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));

    const error = await failure(apiClient.get("/me"));

    expect(error).toMatchObject({ status: 0, message: "Failed to fetch", fieldErrors: {} });
  });
});
