import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pages, uploads } from "../../db/schema";
import { createEventType, createTeam, type Host, signUpHost } from "../../test/factories";
import { PNG_SIGNATURE, pngHeaderOf, TINY_PNG } from "../../test/multipart";
import { createTestApp } from "../../test/testApp";

const t = await createTestApp();

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string };

/** A multipart/form-data body of text fields and files. */
function form(parts: Part[]) {
  const boundary = `----page${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        part.file,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const layout = (y: number, w = 4) => ({ x: 0, y, w, h: 1 });

function save(host: Host, slug: string, blocks: unknown[], files: Part[] = []) {
  const body = form([{ name: "components", value: JSON.stringify({ blocks }) }, ...files]);
  return t.request({
    method: "POST",
    url: `/api/page/${slug}`,
    headers: { ...host.headers, ...body.headers },
    payload: body.payload,
  });
}

const edit = (host: Host, slug: string) =>
  t.request({ method: "GET", url: `/api/page/${slug}/edit`, headers: host.headers });

const publicPage = (slug: string) => t.request({ method: "GET", url: `/api/page/${slug}` });

describe("page calls", () => {
  it("saves one block of each kind with a new image and shows them on the public page", async () => {
    const host = await signUpHost(t);
    const colleague = await signUpHost(t);
    const team = await createTeam(t, host, [colleague]);
    const type = await createEventType(t, host, { title: "Intro" });
    await createEventType(t, colleague, { title: "Colleague call" });

    const before = await edit(host, host.username);
    expect(before.statusCode, before.body).toBe(200);
    const options = before.json().options;
    expect(before.json().page.blocks).toBeNull();
    expect(options.eventTypes.map((e: { id: string }) => e.id)).toEqual([type.id]);
    expect(options.people.map((p: { id: string }) => p.id).sort()).toEqual(
      [host.id, colleague.id].sort(),
    );
    expect(options.teams.map((e: { id: string }) => e.id)).toEqual([team.id]);
    // The preview of a member block lists the person's event types, as the public page does.
    const colleagueOption = options.people.find((p: { id: string }) => p.id === colleague.id);
    expect(colleagueOption.eventTypes.map((e: { title: string }) => e.title)).toEqual([
      "Colleague call",
    ]);
    expect((await publicPage(host.username)).json().page.blocks).toBeNull();

    const blocks = [
      { id: "h", kind: "headline", text: "Welcome", layout: layout(0), visible: true },
      {
        id: "n",
        kind: "note",
        html: '<p onclick="x()"><b>Hi</b><script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
        layout: layout(1),
        visible: true,
      },
      {
        id: "m",
        kind: "media",
        mediaKind: "image",
        uploadId: null,
        alt: "Me",
        layout: layout(2, 2),
        visible: true,
      },
      { id: "d", kind: "divider", layout: { x: 2, y: 2, w: 2, h: 1 }, visible: true },
      { id: "bg", kind: "background", color: "#112233", layout: layout(3), visible: true },
      { id: "e", kind: "event", eventTypeId: type.id, layout: layout(4), visible: true },
      { id: "mb", kind: "member", userId: colleague.id, layout: layout(5), visible: true },
      {
        id: "u",
        kind: "users",
        userIds: [host.id, colleague.id],
        layout: layout(6),
        visible: true,
      },
      { id: "t", kind: "teams", teamIds: [team.id], layout: layout(7), visible: true },
      {
        id: "s",
        kind: "socials",
        links: [{ network: "linkedin", url: "https://www.linkedin.com/in/ana" }],
        layout: layout(8),
        visible: true,
      },
      { id: "hidden", kind: "headline", text: "Secret", layout: layout(9), visible: false },
    ];
    const saved = await save(host, host.username, blocks, [
      { name: "file-m", file: TINY_PNG, filename: "me.png" },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = saved.json().blocks;
    expect(stored).toHaveLength(11);
    expect(stored[1].html).toBe(
      '<p><b>Hi</b> <a target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
    );
    expect(stored[2].uploadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored[4].color).toBe("112233");

    const publicAnswer = (await publicPage(host.username)).json();
    // The background block colours the page.
    expect(publicAnswer.profile.backgroundColor).toBe("112233");
    const shown = publicAnswer.page.blocks;
    expect(shown.map((b: { kind: string }) => b.kind)).toEqual([
      "headline",
      "note",
      "media",
      "divider",
      "background",
      "event",
      "member",
      "users",
      "teams",
      "socials",
    ]);
    expect(shown[2]).toMatchObject({
      mediaKind: "image",
      url: `/api/uploads/${stored[2].uploadId}`,
    });
    expect(shown[5].eventType).toMatchObject({
      title: "Intro",
      path: `/${host.username}/${type.slug}`,
    });
    expect(shown[6].person.username).toBe(colleague.username);
    expect(shown[6].eventTypes.map((e: { title: string }) => e.title)).toEqual(["Colleague call"]);
    expect(shown[8].teams).toEqual([{ name: expect.any(String), slug: team.slug }]);

    // Saving again keeps the stored image by its id.
    const again = await save(host, host.username, stored);
    expect(again.statusCode, again.body).toBe(200);
    expect((await edit(host, host.username)).json().options.media).toEqual({
      [stored[2].uploadId]: `/api/uploads/${stored[2].uploadId}`,
    });
  });

  it("answers 422 with a message per bad block and writes nothing", async () => {
    const host = await signUpHost(t);
    const stranger = await signUpHost(t);
    const strangerType = await createEventType(t, stranger);
    const response = await save(
      host,
      host.username,
      [
        { id: "a", kind: "headline", text: "", layout: layout(0), visible: true },
        { id: "b", kind: "event", eventTypeId: strangerType.id, layout: layout(1), visible: true },
      ],
      [],
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty(["blocks.0.text"]);

    const refs = await save(host, host.username, [
      { id: "b", kind: "event", eventTypeId: strangerType.id, layout: layout(1), visible: true },
      { id: "c", kind: "member", userId: stranger.id, layout: layout(2), visible: true },
      { id: "n", kind: "note", html: "<script>x</script>", layout: layout(3), visible: true },
      {
        id: "m",
        kind: "media",
        mediaKind: "image",
        uploadId: null,
        alt: "",
        layout: layout(4),
        visible: true,
      },
    ]);
    expect(refs.statusCode).toBe(422);
    expect(refs.json().errors).toEqual({
      "blocks.0.eventTypeId": ["Choose one of your event types."],
      "blocks.1.userId": ["Choose a member of your team."],
      "blocks.2.html": [expect.any(String)],
      "blocks.3.file": ["Add an image or a video."],
    });
    const rows = await t.database.db.select().from(pages).where(eq(pages.userId, host.id));
    expect(rows).toEqual([]);
  });

  it("refuses a PNG named .mp4 as a video, and an image over 5 MB, storing no file", async () => {
    const host = await signUpHost(t);
    const video = {
      id: "v",
      kind: "media",
      mediaKind: "video",
      uploadId: null,
      alt: "",
      layout: layout(0),
      visible: true,
    };
    const renamed = await save(
      host,
      host.username,
      [video],
      [{ name: "file-v", file: TINY_PNG, filename: "clip.mp4" }],
    );
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({
      "blocks.0.file": ["Invalid video file type. Use an MP4 or WebM video."],
    });

    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await save(
      host,
      host.username,
      [{ ...video, mediaKind: "image" }],
      [{ name: "file-v", file: big, filename: "big.png" }],
    );
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors["blocks.0.file"]).toEqual([
      "Image too large. Images can be at most 5 MB.",
    ]);
    const stored = await t.database.db.select().from(uploads).where(eq(uploads.userId, host.id));
    expect(stored).toEqual([]);
  });

  it("refuses an image block whose header declares too many pixels or cannot be read, storing no file", async () => {
    const host = await signUpHost(t);
    const image = {
      id: "i",
      kind: "media",
      mediaKind: "image",
      uploadId: null,
      alt: "",
      layout: layout(0),
      visible: true,
    };
    const huge = await save(
      host,
      host.username,
      [image],
      [{ name: "file-i", file: pngHeaderOf(60_000, 60_000), filename: "huge.png" }],
    );
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toEqual({
      "blocks.0.file": ["Image too large in pixels. Images can have at most 40 megapixels."],
    });
    const bare = await save(
      host,
      host.username,
      [image],
      [{ name: "file-i", file: PNG_SIGNATURE, filename: "bare.png" }],
    );
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({
      "blocks.0.file": [
        "The image's header is missing or cut short. Use a complete PNG, JPG, GIF or WebP image.",
      ],
    });
    const stored = await t.database.db.select().from(uploads).where(eq(uploads.userId, host.id));
    expect(stored).toEqual([]);
    expect(await t.database.db.select().from(pages).where(eq(pages.userId, host.id))).toEqual([]);
  });

  it("refuses a background block when a team admin locked the colours", async () => {
    const admin = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, admin, [member]);
    const lock = await t.request({
      method: "PATCH",
      url: `/api/teams/${team.id}`,
      headers: admin.headers,
      payload: { colorsLocked: true },
    });
    expect(lock.statusCode, lock.body).toBe(200);
    expect((await edit(member, member.username)).json().page.colorsLocked).toBe(true);
    const response = await save(member, member.username, [
      { id: "bg", kind: "background", color: "#000000", layout: layout(0), visible: true },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      "blocks.0.color": ["Colors are locked by your admin"],
    });
  });

  it("keeps another owner's page from everyone but them and the team's admins", async () => {
    const host = await signUpHost(t);
    const other = await signUpHost(t);
    const member = await signUpHost(t);
    const team = await createTeam(t, host, [member]);
    expect((await edit(other, host.username)).statusCode).toBe(404);
    expect((await save(other, host.username, [])).statusCode).toBe(404);
    const welcome = await t.request({
      method: "POST",
      url: `/api/page/${host.username}/welcome`,
      headers: other.headers,
      payload: { welcomeMessage: "Hacked" },
    });
    expect(welcome.statusCode).toBe(404);
    const socials = await t.request({
      method: "POST",
      url: `/api/page/${host.username}/socials`,
      headers: other.headers,
      payload: { form: { x: "https://x.com/hacked" } },
    });
    expect(socials.statusCode).toBe(404);
    const png = form([{ name: "avatar", file: TINY_PNG, filename: "a.png" }]);
    const avatar = await t.request({
      method: "POST",
      url: `/api/page/${host.username}/avatar`,
      headers: { ...other.headers, ...png.headers },
      payload: png.payload,
    });
    expect(avatar.statusCode).toBe(404);
    expect((await save(member, team.slug, [])).statusCode).toBe(403);
    expect((await edit(other, team.slug)).statusCode).toBe(404);
    expect((await edit(member, team.slug)).statusCode).toBe(403);
    expect((await edit(host, team.slug)).statusCode).toBe(200);
    const teamSave = await save(host, team.slug, [
      { id: "h", kind: "headline", text: "Our team", layout: layout(0), visible: true },
    ]);
    expect(teamSave.statusCode, teamSave.body).toBe(200);
    expect((await publicPage(team.slug)).json().page.blocks).toEqual([
      { id: "h", kind: "headline", text: "Our team", layout: layout(0) },
    ]);
    const anonymous = await t.request({ method: "GET", url: `/api/page/${host.username}/edit` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("changes the welcome message, socials and avatar from the page", async () => {
    const host = await signUpHost(t);
    const url = (call: string) => `/api/page/${host.username}/${call}`;
    const long = await t.request({
      method: "POST",
      url: url("welcome"),
      headers: host.headers,
      payload: { welcomeMessage: "x".repeat(301) },
    });
    expect(long.statusCode).toBe(422);
    const welcome = await t.request({
      method: "POST",
      url: url("welcome"),
      headers: host.headers,
      payload: { welcomeMessage: " Hello there " },
    });
    expect(welcome.json()).toEqual({ welcomeMessage: "Hello there" });

    const badSocial = await t.request({
      method: "POST",
      url: url("socials"),
      headers: host.headers,
      payload: { form: { x: "javascript:alert(1)" } },
    });
    expect(badSocial.statusCode).toBe(422);
    expect(badSocial.json().errors).toHaveProperty(["form.x"]);
    const socials = await t.request({
      method: "POST",
      url: url("socials"),
      headers: host.headers,
      payload: { form: { x: "https://x.com/ana", linkedin: "" } },
    });
    expect(socials.json()).toEqual({ socials: { x: "https://x.com/ana" } });

    const png = form([{ name: "avatar", file: TINY_PNG, filename: "me.png" }]);
    const avatar = await t.request({
      method: "POST",
      url: url("avatar"),
      headers: { ...host.headers, ...png.headers },
      payload: png.payload,
    });
    expect(avatar.statusCode, avatar.body).toBe(200);
    const page = (await publicPage(host.username)).json().page;
    expect(page).toMatchObject({
      avatarUrl: avatar.json().avatarUrl,
      welcomeMessage: "Hello there",
      socials: { x: "https://x.com/ana" },
    });
    const notImage = form([{ name: "avatar", file: Buffer.from("hello"), filename: "me.png" }]);
    const refused = await t.request({
      method: "POST",
      url: url("avatar"),
      headers: { ...host.headers, ...notImage.headers },
      payload: notImage.payload,
    });
    expect(refused.statusCode).toBe(422);
  });

  it("refuses a body that is not a form or whose components are not JSON", async () => {
    const host = await signUpHost(t);
    const json = await t.request({
      method: "POST",
      url: `/api/page/${host.username}`,
      headers: host.headers,
      payload: { blocks: [] },
    });
    expect(json.statusCode).toBe(422);
    const body = form([{ name: "components", value: "{nope" }]);
    const broken = await t.request({
      method: "POST",
      url: `/api/page/${host.username}`,
      headers: { ...host.headers, ...body.headers },
      payload: body.payload,
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toHaveProperty(["components"]);
  });
});
