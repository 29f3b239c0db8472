import { useState } from "react";
import { Form, Link, useLocation, useRevalidator } from "react-router";
import { PinDialog } from "./pin-dialog";
import { SideMenu } from "./side-menu";
import { useHydrated } from "~/utils/use-hydrated";

type Props = { user: { name: string } | null; isManagement: boolean };

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold text-slate-900" aria-label="Shopflow home">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#ea580c" />
        <path d="M8 21h5l3-10 3 10h5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="text-lg tracking-tight">Shopflow</span>
    </Link>
  );
}

export function AppHeader({ user, isManagement }: Props) {
  const hydrated = useHydrated();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const here = location.pathname + location.search;
  const loginHref = `/login?redirectTo=${encodeURIComponent(here === "/login" ? "/" : here)}`;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4">
        {user && isManagement ? <SideMenu key={here} /> : null}
        <Logo />
        <div className="ml-auto flex items-center gap-3">
          {user ? (
            <>
              <span className="text-sm text-slate-700" data-testid="signed-in-name">
                {user.name}
              </span>
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  Logout
                </button>
              </Form>
            </>
          ) : (
            <a
              href={loginHref}
              onClick={(e) => {
                if (!hydrated) return;
                e.preventDefault();
                setOpen(true);
              }}
              className="rounded-lg bg-orange-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-orange-700"
            >
              Login
            </a>
          )}
        </div>
      </div>
      <PinDialog
        open={open}
        onOpenChange={setOpen}
        title="Global Login"
        onSuccess={() => revalidator.revalidate()}
      />
    </header>
  );
}
