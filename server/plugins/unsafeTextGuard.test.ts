import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BOOKING_NOW, bookingBody, bookOk, userLink } from "../test/bookingFactories";
import { createEventType, type Host, signUpHost } from "../test/factories";
import { type FormPart, multipartForm, TINY_PNG } from "../test/multipart";
import { createTestApp } from "../test/testApp";

const t = await createTestApp();
t.setNow(BOOKING_NOW);

const MESSAGE = "This text contains characters that cannot be stored.";

async function count(table: string): Promise<number> {
  const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result.rows[0] as { n: number }).n;
}

describe("text PostgreSQL cannot store", () => {
  it("refuses a NUL byte in a body field with a 422 naming the field, and stores nothing", async () => {
    const users = await count("users");
    const response = await t.request({
      method: "POST",
      url: "/api/auth/signup",
      payload: {
        email: "nul@example.com",
        password: "correct horse battery",
        name: "Ada\u0000Lovelace",
        username: "ada-nul",
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message: MESSAGE, errors: { name: [MESSAGE] } });
    expect(await count("users")).toBe(users);
  });

  it("refuses a lone surrogate deep in a booking's answers (jsonb) and in a reason", async () => {
    const host = await signUpHost(t);
    const type = await createEventType(t, host);
    const booking = await book(
      bookingBody(userLink(host, type), { answers: { q1: ["ok", "\uD800"] } }),
    );
    expect(booking.statusCode, booking.body).toBe(422);
    expect(booking.json().errors).toEqual({ "answers.q1.1": [MESSAGE] });

    const made = await bookOk(t, bookingBody(userLink(host, type)));
    const cancel = await t.request({
      method: "PUT",
      url: `/api/event/uuid/${made.event.uuid}/cancel`,
      headers: host.headers,
      payload: { cancellation_reason: "sorry \uDC00" },
    });
    expect(cancel.statusCode).toBe(422);
    expect(cancel.json().errors).toEqual({ cancellation_reason: [MESSAGE] });
  });

  it("refuses NUL in the query and in path parameters (%00), in the request's language", async () => {
    const host = await signUpHost(t);
    const query = await t.request({
      method: "GET",
      url: "/api/bookings?status=CONFIRMED%00",
      headers: { ...host.headers, "accept-language": "de" },
    });
    expect(query.statusCode).toBe(422);
    const german = "Dieser Text enthält Zeichen, die nicht gespeichert werden können.";
    expect(query.json()).toEqual({ message: german, errors: { status: [german] } });

    const path = await t.request({ method: "GET", url: `/api/user/${host.username}%00/intro` });
    expect(path.statusCode).toBe(422);
    expect(path.json().errors).toEqual({ user: [MESSAGE] });
  });

  it("lets emoji, other scripts and control characters such as tabs through", async () => {
    const host = await signUpHost(t, { name: "Zoë 😀\tمرحبا" });
    const me = await t.request({ method: "GET", url: "/api/me", headers: host.headers });
    expect(me.json().user.name).toBe("Zoë 😀\tمرحبا");
  });
});

function book(body: Record<string, unknown>) {
  return t.request({ method: "POST", url: "/api/event", payload: body });
}

describe("field names that are not plain keys", () => {
  it("names the request as a whole when the unsafe text sits under __proto__", async () => {
    const response = await t.request({ method: "GET", url: "/api/health?__proto__=a%00b" });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message: MESSAGE, errors: { _: [MESSAGE] } });
  });
});

describe("text parts of multipart forms", () => {
  const headline = (text: string) => ({
    id: "h",
    kind: "headline",
    text,
    layout: { x: 0, y: 0, w: 4, h: 1 },
    visible: true,
  });

  function post(host: Host, url: string, parts: FormPart[]) {
    const body = multipartForm(parts);
    return t.request({
      method: "POST",
      url,
      headers: { ...host.headers, ...body.headers },
      payload: body.payload,
    });
  }

  const savePage = (host: Host, parts: FormPart[]) =>
    post(host, `/api/page/${host.username}`, parts);

  async function storedBlocks(host: Host) {
    const edit = await t.request({
      method: "GET",
      url: `/api/page/${host.username}/edit`,
      headers: host.headers,
    });
    return edit.json().page.blocks;
  }

  it("refuses NUL or a lone surrogate inside a page's components, naming the block's field", async () => {
    const host = await signUpHost(t);
    const kept = await savePage(host, [
      { name: "components", value: JSON.stringify({ blocks: [headline("Welcome")] }) },
    ]);
    expect(kept.statusCode, kept.body).toBe(200);
    // JSON escapes: the part itself is plain ASCII, the parsed text is not.
    for (const text of [String.raw`Wel\u0000come`, String.raw`Wel\ud800come`, String.raw`\udc00`]) {
      const components = `{"blocks":[{"id":"h","kind":"headline","text":"${text}","layout":{"x":0,"y":0,"w":4,"h":1},"visible":true}]}`;
      const response = await savePage(host, [{ name: "components", value: components }]);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json(), text).toEqual({
        message: MESSAGE,
        errors: { "blocks.0.text": [MESSAGE] },
      });
    }
    const key = String.raw`{"blocks":[],"x\u0000":1}`;
    const unsafeKey = await savePage(host, [{ name: "components", value: key }]);
    expect(unsafeKey.json().errors).toEqual({ _: [MESSAGE] });
    expect((await storedBlocks(host)).map((b: { text: string }) => b.text)).toEqual(["Welcome"]);
  });

  it("refuses a NUL byte in the components part itself or in any other text part, naming it", async () => {
    const host = await signUpHost(t);
    // A raw NUL byte, outside any JSON string.
    const components = `${JSON.stringify({ blocks: [headline("Hello")] })}\u0000`;
    const raw = await savePage(host, [{ name: "components", value: components }]);
    expect(raw.statusCode, raw.body).toBe(422);
    expect(raw.json()).toEqual({ message: MESSAGE, errors: { components: [MESSAGE] } });

    const other = await savePage(host, [
      { name: "components", value: JSON.stringify({ blocks: [headline("Hello")] }) },
      { name: "note", value: "a\u0000b" },
    ]);
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().errors).toEqual({ note: [MESSAGE] });
    expect(await storedBlocks(host)).toBeNull();

    // (A lone surrogate cannot arrive raw: busboy decodes the bytes as UTF-8, to U+FFFD.)
    const avatar = await post(host, `/api/page/${host.username}/avatar`, [
      { name: "label", value: "\u0000" },
      { name: "avatar", file: TINY_PNG, filename: "me.png" },
    ]);
    expect(avatar.statusCode, avatar.body).toBe(422);
    expect(avatar.json().errors).toEqual({ label: [MESSAGE] });
  });

  it("refuses a NUL byte in a text part of an upload, storing nothing", async () => {
    const host = await signUpHost(t);
    const uploads = await count("uploads");
    const response = await post(host, "/api/uploads", [
      { name: "caption", value: "me\u0000" },
      { name: "file", file: TINY_PNG, filename: "me.png" },
    ]);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message: MESSAGE, errors: { caption: [MESSAGE] } });
    expect(await count("uploads")).toBe(uploads);
  });
});
