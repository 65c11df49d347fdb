import type { PageEditResponse } from "../../../../core/api/pages";

/** A headline block as stored, full width on row `y`. */
export const headlineFixture = (id: string, text = id, y = 0) => ({
  id,
  kind: "headline" as const,
  text,
  visible: true,
  layout: { x: 0, y, w: 4, h: 1 },
});

/** Ana's page as its editor loads it, headlines with `texts` in order, with `overrides`. */
export function pageFixture(
  texts: readonly string[],
  overrides: Partial<PageEditResponse["page"]> = {},
): PageEditResponse {
  return {
    page: {
      kind: "user",
      id: "00000000-0000-4000-8000-000000000001",
      slug: "ana",
      name: "Ana",
      avatarUrl: null,
      welcomeMessage: null,
      socials: {},
      blocks: texts.map((text, y) => headlineFixture(String.fromCharCode(97 + y), text, y)),
      backgroundColor: null,
      colorsLocked: false,
      ...overrides,
    },
    options: { eventTypes: [], people: [], teams: [], media: {} },
  };
}
