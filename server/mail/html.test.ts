import { describe, expect, it } from "vitest";
import { escapeHtml, html, safeHref } from "./html";

describe("html", () => {
  it("escapes every interpolated string, not nested safe markup", () => {
    const name = `<script>alert("x")</script> & 'co'`;
    const inner = html`<b>${name}</b>`;
    expect(html`<p>${inner}</p>`.value).toBe(
      "<p><b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</b></p>",
    );
  });

  it("joins lists and drops empty values", () => {
    expect(html`<ul>${["a<", "b"].map((x) => html`<li>${x}</li>`)}${null}${false}</ul>`.value).toBe(
      "<ul><li>a&lt;</li><li>b</li></ul>",
    );
  });

  it("only lets http(s) URLs become links", () => {
    expect(safeHref("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("not a url")).toBeNull();
    expect(escapeHtml("\"'")).toBe("&quot;&#39;");
  });
});
