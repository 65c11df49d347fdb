import { describe, expect, it } from "vitest";
import { embedSnippet, embedUrl } from "./embedSnippet";
import { shareUrls } from "./shareUrls";

const base = {
  mode: "inline" as const,
  primaryColor: null,
  backgroundColor: null,
  textColor: null,
  hideDetails: false,
  buttonText: "Book",
};

describe("embed snippets", () => {
  it("carry the spec's colour and hide_details parameters", () => {
    expect(
      embedUrl("https://s.example/ana/intro", {
        ...base,
        hideDetails: true,
        primaryColor: "1D4ED8",
        backgroundColor: "FFFFFF",
      }),
    ).toBe(
      "https://s.example/ana/intro?hide_details=1&primary_color=1D4ED8&background_color=FFFFFF",
    );
  });

  it("write an inline element or a popup button, with the script of the same origin", () => {
    const inline = embedSnippet("https://s.example/ana/intro", "https://s.example", base);
    expect(inline).toContain(
      '<div class="slotted-inline-widget" data-url="https://s.example/ana/intro"',
    );
    expect(inline).toContain('<script src="https://s.example/embed.js" async></script>');
    const popup = embedSnippet("https://s.example/ana/intro?x=1", "https://s.example", {
      ...base,
      mode: "popup",
      buttonText: 'Book <now> & "go"',
    });
    expect(popup).toContain(
      '<button type="button" data-slotted-popup="https://s.example/ana/intro?x=1">',
    );
    expect(popup).toContain('>Book &lt;now&gt; &amp; "go"</button>');
  });
});

describe("share URLs", () => {
  it("encode the link for each network", () => {
    const urls = shareUrls("https://s.example/ana/intro?a=1", "Book a call");
    expect(urls.find((u) => u.network === "linkedin")?.href).toBe(
      "https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fs.example%2Fana%2Fintro%3Fa%3D1",
    );
    expect(urls.find((u) => u.network === "email")?.href).toMatch(
      /^mailto:\?subject=Book%20a%20call/,
    );
  });
});
