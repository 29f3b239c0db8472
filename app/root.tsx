import { useLingui } from "@lingui/react";
import { useLingui as useMessages } from "@lingui/react/macro";
import { useEffect } from "react";
import { RowLinkNavigator } from "~/components/row-link";
import { loadCatalogs } from "~/browser/catalogs.client";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { AppHeader } from "~/components/app-header";
import { PendingNotice } from "~/components/pending-notice";
import { RouteError } from "~/components/route-error";
import { Toaster } from "~/components/toaster";
import { btn } from "~/components/ui";
import { getShopSettings } from "~/models/shop-settings.server";
import { can } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { popToast } from "~/http/toast-cookie.server";
import { useNonce } from "~/hooks/nonce";
import { useHydrationMark } from "~/hooks/use-hydrated";
import "./app.css";

export function meta() {
  return [{ title: "Shopflow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = getUser(request);
  const { toast, setCookie } = await popToast(request);
  return data(
    // The PIN dialog opens on any page and must know at once whether to ask for a name first.
    { user, isManagement: can(user, "settings:write"), toast, signInMode: getShopSettings().signInMode },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

// After a save refused for an ended session (401), the header must stop showing the member as signed in.
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 401 || defaultShouldRevalidate;
}

// A page of the office reached from a floor page brings its catalog along before it shows (decision 0049).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    await loadCatalogs(document.documentElement.lang || "en", new URL(request.url).pathname);
    await next();
  },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useLingui();
  const nonce = useNonce();
  useHydrationMark();
  // The TV board is the whole screen, and a customer's status page is not the app: no header, no menu.
  const { pathname, search } = useLocation();
  const bare = pathname === "/board" || pathname.startsWith("/status/");
  // A member whose own language is not the page's (just signed in with the PIN dialog): the page loads afresh in
  // theirs, since the browser holds one language's catalog (docs/product.md, Languages). Links speak their own.
  const own = root?.user && !root.user.apiToken ? root.user.language : null;
  const linkPage = pathname.startsWith("/status/") || (pathname === "/board" && search.includes("key="));
  useEffect(() => {
    if (own && !linkPage && i18n.locale !== own && i18n.locale !== "en-XA") window.location.reload();
  }, [own, linkPage, i18n.locale]);
  return (
    <html lang={i18n.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-canvas font-sans text-base text-ink antialiased">
        <Toaster flash={root?.toast ?? null}>
          {bare ? null : <AppHeader user={root?.user ?? null} isManagement={root?.isManagement ?? false} />}
          {bare ? null : <PendingNotice />}
          <main>{children}</main>
        </Toaster>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <RowLinkNavigator />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useMessages();
  return (
    <RouteError error={error}>
      <h1 className="text-2xl font-bold text-ink">{t`Something went wrong`}</h1>
      <p className="mt-3 text-base text-ink-muted">{t`The page could not be shown. Try again, or go back to the home page.`}</p>
    </RouteError>
  );
}
