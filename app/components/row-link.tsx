import { useEffect, type AnchorHTMLAttributes } from "react";
import { useNavigate } from "react-router";

/**
 * A link for the rows of big tables. React Router's <Link> runs half a dozen hooks per instance to resolve its
 * path; a project with 200 items has 1,000 row actions, and those hooks were a quarter of the page's render
 * time. A RowLink is a plain <a> with an absolute href (so it works without JavaScript); once the app has
 * hydrated, <RowLinkNavigator/> in the root turns clicks on it into client-side navigations.
 */
export function RowLink({ to, keepScroll, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; keepScroll?: boolean }) {
  return <a href={to} data-nav={keepScroll ? "keep-scroll" : ""} {...rest} />;
}

/** One document listener for every RowLink: a plain left click on a same-origin link navigates in the app. */
export function RowLinkNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const target = event.target instanceof Element ? event.target.closest("a[data-nav]") : null;
      if (!(target instanceof HTMLAnchorElement) || (target.target && target.target !== "_self") || target.hasAttribute("download")) return;
      const url = new URL(target.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash, { preventScrollReset: target.dataset.nav === "keep-scroll" });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
