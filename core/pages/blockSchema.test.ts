import { describe, expect, it } from "vitest";
import { decodeMessage } from "../issueMessage";
import { blockInputSchema, pageComponentsSchema } from "./blockSchema";

const layout = { x: 0, y: 0, w: 4, h: 1 };
const uuid = "7b0b1f4e-8c39-4c47-9a53-1d2f4e5a6b7c";

function firstMessage(input: unknown) {
  const result = pageComponentsSchema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { path: issue.path.join("."), key: decodeMessage(issue.message)?.key };
}

describe("blockInputSchema", () => {
  it("accepts one block of each kind", () => {
    const blocks = [
      { kind: "headline", text: " Hello " },
      { kind: "note", html: "<p>Hi</p>" },
      { kind: "media", mediaKind: "image", uploadId: null, alt: "A cat" },
      { kind: "divider" },
      { kind: "background", color: "#aabbcc" },
      { kind: "event", eventTypeId: uuid },
      { kind: "member", userId: uuid },
      { kind: "users", userIds: [uuid] },
      { kind: "teams", teamIds: [uuid] },
      { kind: "socials", links: [{ network: "linkedin", url: "https://linkedin.com/in/ana" }] },
    ].map((block, i) => ({ ...block, id: `b${i}`, layout: { ...layout, y: i }, visible: true }));
    const parsed = pageComponentsSchema.parse({ blocks });
    expect(parsed.blocks).toHaveLength(10);
    expect(parsed.blocks[0]).toMatchObject({ text: "Hello" });
    expect(parsed.blocks[4]).toMatchObject({ color: "AABBCC" });
  });

  it("refuses a block that leaves the grid, naming its layout", () => {
    const block = { id: "a", kind: "divider", visible: true, layout: { x: 3, y: 0, w: 2, h: 1 } };
    expect(firstMessage({ blocks: [block] })).toEqual({
      path: "blocks.0.layout",
      key: "pages.outsideGrid",
    });
  });

  it("refuses two blocks with one id", () => {
    const block = { id: "a", kind: "divider", visible: true, layout };
    expect(firstMessage({ blocks: [block, block] })).toEqual({
      path: "blocks.1.id",
      key: "pages.duplicateId",
    });
  });

  it("refuses a social link of an unknown network or with a link that is not http(s)", () => {
    const socials = (links: unknown) => ({
      id: "s",
      kind: "socials",
      visible: true,
      layout,
      links,
    });
    expect(
      firstMessage({ blocks: [socials([{ network: "myspace", url: "https://myspace.com" }])] }),
    ).toEqual({ path: "blocks.0.links.0.network", key: "pages.unknownNetwork" });
    expect(
      firstMessage({ blocks: [socials([{ network: "x", url: "javascript:alert(1)" }])] }),
    ).toEqual({ path: "blocks.0.links.0.url", key: "fields.invalidUrl" });
    expect(firstMessage({ blocks: [socials([{ network: "x", url: "not a url" }])] })?.key).toBe(
      "fields.invalidUrl",
    );
  });

  it("refuses an empty headline, a long one and a colour that is not hex", () => {
    const headline = (text: string) => ({ id: "h", kind: "headline", visible: true, layout, text });
    expect(firstMessage({ blocks: [headline("  ")] })?.key).toBe("general.required");
    expect(firstMessage({ blocks: [headline("x".repeat(121))] })?.key).toBe(
      "fields.atMostCharacters",
    );
    expect(
      blockInputSchema.safeParse({
        id: "c",
        kind: "background",
        visible: true,
        layout,
        color: "red",
      }).success,
    ).toBe(false);
  });

  it("refuses a block of an unknown kind and more than 50 blocks", () => {
    expect(
      firstMessage({ blocks: [{ id: "x", kind: "iframe", visible: true, layout }] }),
    ).not.toBeNull();
    const many = Array.from({ length: 51 }, (_, i) => ({
      id: `d${i}`,
      kind: "divider",
      visible: true,
      layout: { ...layout, y: i },
    }));
    expect(firstMessage({ blocks: many })?.key).toBe("pages.tooManyBlocks");
  });
});
