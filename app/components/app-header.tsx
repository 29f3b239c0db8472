import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Form, Link, useLocation, useRevalidator } from "react-router";
import { Icon } from "./icons";
import { LazyPinDialog, preloadPinDialog } from "./lazy-pin-dialog";
import { SideMenu } from "./side-menu";
import { btn } from "./ui";
import { useHydrated } from "~/hooks/use-hydrated";

type Props = { user: { name: string } | null; isManagement: boolean };

export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  return (
    <Link to="/" className="flex min-h-tap min-w-tap shrink-0 items-center gap-2 rounded-lg font-semibold text-ink" aria-label={t`Shopflow home`}>
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#c2410c" />
        <path d="M8 21h5l3-10 3 10h5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {/* Signed in on a phone, the word gives its room to the name and Logout. */}
      <span className={`text-lg tracking-tight ${compact ? "hidden sm:inline" : ""}`}>Shopflow</span>
    </Link>
  );
}

// The header must fit 320 px with any name: the name truncates (full name in its title), Logout never does.
export function AppHeader({ user, isManagement }: Props) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const here = location.pathname + location.search;
  const qrTimer = t`QR Timer`;
  // On the sign-in page itself the link is the page as it is: wrapping it would nest its redirectTo in another.
  const loginHref = location.pathname === "/login" ? (location.search ? here : "/login?redirectTo=%2F") : `/login?redirectTo=${encodeURIComponent(here)}`;

  return (
    <header className="app-header print:hidden sticky top-0 z-30 border-b border-line bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        {user && isManagement ? <SideMenu key={here} /> : null}
        <Logo compact={!!user} />
        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
          {user ? (
            <>
              <span className="flex min-w-0 items-center gap-2 text-sm font-medium text-ink" title={user.name}>
                <Icon name="user" className="hidden h-5 w-5 text-ink-muted sm:block" />
                <span className="min-w-0 truncate" data-testid="signed-in-name">
                  {user.name}
                </span>
              </span>
              {/* Every signed-in member runs timers: the QR Timer is one tap away (an icon only on phones). */}
              <Link to="/qr-scanner" className={`${btn.small} shrink-0 px-3`} aria-label={qrTimer} title={qrTimer}>
                <Icon name="qr" className="h-4 w-4" />
                <span className="hidden sm:inline">{qrTimer}</span>
              </Link>
              <Form method="post" action="/logout" className="shrink-0">
                {/* A form with no field is sent as a GET by text browsers (lynx), and a GET signs nobody out. */}
                <input type="hidden" name="intent" value="logout" />
                <button type="submit" className={`${btn.small} px-3`}>
                  <Icon name="logout" className="hidden h-4 w-4 sm:block" />
                  {t`Logout`}
                </button>
              </Form>
            </>
          ) : (
            <a
              href={loginHref}
              onPointerEnter={preloadPinDialog}
              onFocus={preloadPinDialog}
              onClick={(e) => {
                if (!hydrated) return;
                e.preventDefault();
                setOpen(true);
              }}
              className={btn.primary}
            >
              {t`Login`}
            </a>
          )}
        </div>
      </div>
      <LazyPinDialog open={open} onOpenChange={setOpen} title={t`Global Login`} onSuccess={() => revalidator.revalidate()} />
    </header>
  );
}
