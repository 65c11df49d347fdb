import { describe, expect, it } from "vitest";
import { isTransactionConflict, sqlState } from "./sqlState";

const driverError = (code: string) => Object.assign(new Error("driver"), { code });

describe("sqlState", () => {
  it("reads the SQLSTATE of the driver's error, on the error or on its causes", () => {
    expect(sqlState(driverError("23P01"))).toBe("23P01");
    expect(sqlState(new Error("Failed query", { cause: driverError("40001") }))).toBe("40001");
    const twice = new Error("outer", {
      cause: new Error("inner", { cause: driverError("22021") }),
    });
    expect(sqlState(twice)).toBe("22021");
  });

  it("ignores codes that are not SQLSTATEs, and anything that is not an error", () => {
    expect(sqlState(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBeUndefined();
    expect(sqlState(Object.assign(new Error("x"), { code: 40001 }))).toBeUndefined();
    expect(sqlState(new Error("plain"))).toBeUndefined();
    expect(sqlState(null)).toBeUndefined();
    expect(sqlState("40001")).toBeUndefined();
  });
});

describe("isTransactionConflict", () => {
  it("is true for a serialization failure and a deadlock only", () => {
    expect(isTransactionConflict(driverError("40001"))).toBe(true);
    expect(isTransactionConflict(new Error("wrapped", { cause: driverError("40P01") }))).toBe(true);
    expect(isTransactionConflict(driverError("23P01"))).toBe(false);
    expect(isTransactionConflict(new Error("plain"))).toBe(false);
  });
});
