import { useEffect, type AnchorHTMLAttributes, type FormHTMLAttributes } from "react";
import { useNavigate, useSubmit } from "react-router";

/**
 * A link for the rows of big tables. React Router's <Link> runs half a dozen hooks per instance to resolve its
 * path; a project with 200 items has 1,000 row actions, and those hooks were a quarter of the page's render
 * time. A RowLink is a plain <a> with an absolute href (so it works without JavaScript); once the app has
 * hydrated, <RowLinkNavigator/> in the root turns clicks on it into client-side navigations.
 */
export function RowLink({ to, keepScroll, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; keepScroll?: boolean }) {
  return <a href={to} data-nav={keepScroll ? "keep-scroll" : ""} {...rest} />;
}

/**
 * A post form for the rows of big tables, for the same reason: React Router's <Form> resolves its action with
 * hooks per instance. It is a plain <form method="post">; once hydrated, <RowLinkNavigator/> submits it through
 * the router (no page reload, the scroll position kept), as <Form preventScrollReset> would.
 */
export function RowForm({ action, ...rest }: Omit<FormHTMLAttributes<HTMLFormElement>, "method" | "action"> & { action: string }) {
  return <form method="post" action={action} data-nav="keep-scroll" {...rest} />;
}

/** One document listener each for every RowLink click and RowForm submit: handled in the app, not by a reload. */
export function RowLinkNavigator() {
  const navigate = useNavigate();
  const submit = useSubmit();
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-nav")) return;
      event.preventDefault();
      const submitter = event.submitter instanceof HTMLButtonElement || event.submitter instanceof HTMLInputElement ? event.submitter : null;
      submit(submitter ?? form, { preventScrollReset: true });
    };
    document.addEventListener("submit", onSubmit);
    return () => document.removeEventListener("submit", onSubmit);
  }, [submit]);
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
