import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { btn } from "./ui";

/** Page links: the first, the last, and two either side of the current one, with gaps. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(null);
    out.push(n);
  });
  return out;
}

/** Previous / numbered / Next links of a server-paged list; `href(page)` keeps the list's other URL state. */
export function PageLinks({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  const pageLabel = (n: number) => t`Page ${n}`;
  return (
    <nav aria-label={t`Pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
      {page > 1 ? (
        <Link to={href(page - 1)} className={btn.secondary} rel="prev">
          {t`← Previous`}
        </Link>
      ) : (
        <span />
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {pageNumbers(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="px-1 text-ink-muted" aria-hidden>
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={pageLabel(n)}
                className={`inline-flex min-h-tap min-w-tap items-center justify-center rounded-lg px-2 text-sm font-semibold ${n === page ? "bg-brand-700 text-white" : "text-ink hover:bg-slate-100"}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <Link to={href(page + 1)} className={btn.secondary} rel="next">
          {t`Next →`}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
