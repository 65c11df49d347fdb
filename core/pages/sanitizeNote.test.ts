import { describe, expect, it } from "vitest";
import { loadNoteSanitizer } from "./sanitizeNote";

const sanitizeNote = await loadNoteSanitizer();

describe("sanitizeNote", () => {
  it("removes script tags with their content", () => {
    expect(sanitizeNote("<p>Hi<script>alert(1)</script></p>")).toBe("<p>Hi</p>");
  });

  it("removes event handlers and styles", () => {
    expect(sanitizeNote('<p onclick="x()" style="color:red">a<img src=x onerror="y()"></p>')).toBe(
      "<p>a</p>",
    );
  });

  it("removes javascript: and data: link targets but keeps the text", () => {
    expect(sanitizeNote('<a href="javascript:alert(1)">go</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">go</a>',
    );
    expect(sanitizeNote('<a href="JaVaScRiPt:alert(1)">go</a>')).not.toContain("alert");
    expect(sanitizeNote('<a href="data:text/html,x">go</a>')).not.toContain("data:");
  });

  it("keeps bold, italic, lists and http links, opening links in a new tab", () => {
    const html =
      '<p><strong>Bold</strong> <em>it</em> <a href="https://example.com/a?b=1">link</a></p><ul><li>one</li></ul><ol><li>two</li></ol>';
    expect(sanitizeNote(html)).toBe(
      '<p><strong>Bold</strong> <em>it</em> <a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">link</a></p><ul><li>one</li></ul><ol><li>two</li></ol>',
    );
  });

  it("drops iframes, forms and unknown tags, keeping their text", () => {
    expect(sanitizeNote('<iframe src="https://e.com"></iframe><div>text</div>')).toBe("text");
  });
});
