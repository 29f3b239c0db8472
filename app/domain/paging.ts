import { parseIdParam } from "./ids";

/** The most pages a list link may ask for; a larger number is read as this one, then as the last page. */
const MAX_PAGE = 100_000;

/**
 * The page a list's `?page=` asks for: a whole number from 1 in plain digits; anything else (missing, '0', '-2',
 * '2x') is page 1, so a hand-edited link still opens the list.
 */
export function requestedPage(param: string | null): number {
  return Math.min(MAX_PAGE, parseIdParam(param ?? "") ?? 1);
}

export type Paging = { page: number; pages: number; offset: number; limit: number };

/**
 * The page of a server-paged list of `total` rows, `size` to a page, that `requested` falls on: a page past the end
 * (rows deleted since the link was made) is the last page rather than an empty list. `offset` and `limit` are the
 * rows to read for it.
 */
export function pageOf(requested: number, total: number, size: number): Paging {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pages);
  return { page, pages, offset: (page - 1) * size, limit: size };
}
