import { describe, expect, it } from "vitest";
import { canEditUserPage } from "./pages";

describe("canEditUserPage", () => {
  it("lets a user edit only their own page", () => {
    expect(canEditUserPage("a", "a")).toBe(true);
    expect(canEditUserPage("a", "b")).toBe(false);
  });
});
