import { describe, expect, test } from "bun:test";
import { pageOf, requestedPage } from "~/domain/paging";

describe("paging of server-paged lists", () => {
  test("?page= is a whole number from 1 in plain digits; anything else is page 1", () => {
    expect(requestedPage(null)).toBe(1);
    expect(requestedPage("3")).toBe(3);
    for (const bad of ["", "0", "-2", "2x", "1e3", "2.5", " 2", "0x2"]) expect(requestedPage(bad)).toBe(1);
    expect(requestedPage("9999999999")).toBe(100_000);
  });

  test("a page past the end is the last page; an empty list has one page", () => {
    expect(pageOf(1, 0, 50)).toEqual({ page: 1, pages: 1, offset: 0, limit: 50 });
    expect(pageOf(2, 120, 50)).toEqual({ page: 2, pages: 3, offset: 50, limit: 50 });
    expect(pageOf(9, 120, 50)).toEqual({ page: 3, pages: 3, offset: 100, limit: 50 });
    expect(pageOf(3, 100, 50)).toEqual({ page: 2, pages: 2, offset: 50, limit: 50 });
  });
});
