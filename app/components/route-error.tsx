import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { Centered, HomeLink, NotFound } from "./not-found";
import { btn } from "./ui";

/**
 * What a page shows when its loader refused or failed: the 404 page, 'Access Denied' with the reason (and a Login
 * link when signed out), or `children` (the page's own words for a failure) with a way home.
 */
export function RouteError({ error, children }: { error: unknown; children: ReactNode }) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound />;
    if ((error.status === 401 || error.status === 403) && error.data?.accessDenied) {
      return <AccessDenied reason={String(error.data.reason)} signedOut={error.status === 401} />;
    }
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <Centered icon="alert">
      {children}
      <HomeLink />
    </Centered>
  );
}

export function AccessDenied({ reason, signedOut }: { reason: string; signedOut: boolean }) {
  const { t } = useLingui();
  const location = useLocation();
  return (
    <Centered icon="lock">
      <h1 className="text-3xl font-bold tracking-tight text-danger-700">{t`Access Denied`}</h1>
      <p className="mt-3 text-base text-ink-muted">{reason}</p>
      {signedOut ? (
        <a href={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`} className={`mt-8 ${btn.primary}`}>
          {t`Login`}
        </a>
      ) : (
        <HomeLink />
      )}
    </Centered>
  );
}
