import { useState } from "react";
import { Form, Link, redirect, useNavigate, useNavigation, useRevalidator } from "react-router";
import { PinDialog } from "~/components/pin-dialog";
import { ShopAddressStep } from "~/components/shop-address-step";
import { useToast } from "~/components/toaster";
import { Icon, type IconName } from "~/components/icons";
import { btn } from "~/components/ui";
import { getSetupCounts, setupSteps, type SetupStep } from "~/models/setup.server";
import { activeAccessKeys, activeHoldersOf } from "~/models/team-member.server";
import { decideTileClick, hasDepartmentKey, TILES, type Tile } from "~/domain/departments";
import { can } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { shopAddressOffer } from "~/services/shop-address.server";
import type { ShopAddressOffer } from "~/domain/hosts";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { orList } from "~/domain/words";
import type { Route } from "./+types/home";

export function meta() {
  return [{ title: "Shopflow" }];
}

export function loader({ request }: Route.LoaderArgs) {
  const user = getUser(request);
  const heldKeys = user ? [] : [...activeAccessKeys()];
  // Signed in: the tiles this member may open. Signed out: every tile, once anybody has been given access.
  const tiles = user ? TILES.filter((t) => hasDepartmentKey(user.accessibleDepartments, t.key)) : heldKeys.length > 0 ? TILES : [];
  const isManagement = can(user, "settings:write");
  // docs/product.md (Decisions): management sees 'Set up your shop' until every step has an entry.
  const steps = isManagement ? setupSteps(getSetupCounts()) : [];
  const setup = steps.some((s) => !s.done) ? steps : null;
  // A member signed in without any key: who can give them one.
  const keyGivers = user && tiles.length === 0 ? activeHoldersOf("management") : [];
  const addressOffer = setup?.some((s) => s.key === "shopAddress" && !s.done) ? shopAddressOffer(request) : null;
  return { user, heldKeys, tileKeys: tiles.map((t) => t.key), isManagement, setup, keyGivers, canAnalytics: can(user, "analytics:read"), addressOffer };
}

// JavaScript off: a tile is a form button, and the same decision is taken here.
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const tile = TILES.find((t) => t.key === form.get("tile"));
  if (!tile) return redirect("/");
  const user = getUser(request);
  const decision = decideTileClick(tile, user, user ? [] : [...activeAccessKeys()]);
  if (decision.kind === "pin") {
    return redirect(`/login?tile=${encodeURIComponent(tile.key)}`);
  }
  return redirectWithToast(request, decision.kind === "go" ? decision.to : "/", decision.toast);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { user, heldKeys, tileKeys, isManagement, setup, keyGivers, canAnalytics, addressOffer } = loaderData;
  const hydrated = useHydrated();
  const toast = useToast();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [pinTile, setPinTile] = useState<Tile | null>(null);
  const tiles = TILES.filter((t) => tileKeys.includes(t.key));
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";

  function onTileClick(e: React.MouseEvent, tile: Tile) {
    if (!hydrated) return; // the form posts to the action instead
    e.preventDefault();
    const decision = decideTileClick(tile, user, heldKeys);
    if (decision.kind === "pin") {
      setPinTile(tile);
    } else {
      toast(decision.toast);
      if (decision.kind === "go") navigate(decision.to);
    }
  }

  return (
    <div className="floor-screen mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="text-center">
        <h1 className="text-display font-bold tracking-tight text-ink">Manufacturing Flow</h1>
        <p className="mt-2 text-base text-ink-muted sm:text-lg">Production tracking for every department of the shop</p>
      </div>

      {setup ? <SetupChecklist steps={setup} addressOffer={addressOffer} /> : null}

      {loading ? (
        <p className="mt-12 text-center text-base text-ink-muted" role="status">
          Loading access permissions...
        </p>
      ) : tiles.length === 0 && user ? (
        <NoKeysYet name={user.name} keyGivers={keyGivers} />
      ) : tiles.length === 0 ? (
        <div className="mx-auto mt-10 max-w-lg rounded-xl border border-warning-300 bg-warning-50 p-6 text-center">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-white text-warning-900">
            <Icon name="lock" className="h-6 w-6" />
          </span>
          <h2 className="mt-3 text-lg font-semibold text-warning-900">No Access Configured</h2>
          <p className="mt-2 text-base text-warning-900">
            No team members have been granted access to any departments yet. Contact your administrator to set up access permissions.
          </p>
        </div>
      ) : (
        <ul className={`mt-10 grid gap-4 sm:grid-cols-2 ${tiles.length > 2 ? "lg:grid-cols-4" : ""}`}>
          {tiles.map((tile) => (
            <li key={tile.key}>
              <Form method="post" className="h-full">
                <input type="hidden" name="tile" value={tile.key} />
                <button
                  type="submit"
                  onClick={(e) => onTileClick(e, tile)}
                  className="group flex h-full min-h-24 w-full items-center gap-4 rounded-2xl border border-line bg-white p-4 text-left shadow-sm transition hover:border-brand-300 hover:shadow-md sm:min-h-48 sm:flex-col sm:items-start sm:p-6"
                  data-testid={`tile-${tile.key}`}
                >
                  <TileIcon tileKey={tile.key} />
                  <span className="min-w-0 flex-1">
                    <span className="block text-lg font-semibold text-ink sm:text-xl">{tile.title}</span>
                    <span className="mt-1 block text-base text-ink-muted">{tile.subtitle}</span>
                  </span>
                  <Icon name="arrowRight" className="h-5 w-5 text-brand-800 transition group-hover:translate-x-1 sm:self-end" />
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      {isManagement ? (
        <div className="mt-8 text-center">
          <Link to="/settings" className={btn.secondary}>
            <Icon name="settings" />
            Global Settings
          </Link>
        </div>
      ) : null}

      {user ? <MoreScreens canAnalytics={canAnalytics} /> : null}

      <p className="mt-10 text-center text-base text-ink-muted">
        {tiles.length === 0 ? "Access permissions are managed by your administrator" : "Select a department and enter your PIN to access workflows"}
      </p>

      <PinDialog
        open={pinTile !== null}
        onOpenChange={(o) => (o ? null : setPinTile(null))}
        title={pinTile ? `Access ${pinTile.title}` : ""}
        onSuccess={(signedIn) => {
          const tile = pinTile!;
          const decision = decideTileClick(tile, signedIn, []);
          if (decision.kind !== "pin") toast(decision.toast);
          if (decision.kind === "go") navigate(decision.to);
          else revalidator.revalidate();
        }}
      />
    </div>
  );
}

/** The screens every signed-in member may open that no tile leads to (the side menu is management's alone). */
function MoreScreens({ canAnalytics }: { canAnalytics: boolean }) {
  const links: { to: string; label: string; icon: IconName }[] = [
    { to: "/department-views", label: "Department Views", icon: "departments" },
    { to: "/items", label: "Items", icon: "products" },
    { to: "/workflows", label: "Workflows", icon: "workflows" },
    ...(canAnalytics ? [{ to: "/analytics", label: "Flow analytics", icon: "clock" as IconName }] : []),
  ];
  return (
    <nav aria-label="More screens" className="mt-8">
      <ul className="flex flex-wrap justify-center gap-3">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={btn.secondary}>
              <Icon name={l.icon} />
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A member signed in without any department key: 'No Access Configured' would tell them nobody has
 * access, which is not so. They are told who they are, whom to ask for keys, and that the QR Timer works already.
 */
function NoKeysYet({ name, keyGivers }: { name: string; keyGivers: string[] }) {
  return (
    <section
      aria-labelledby="no-keys-title"
      className="mx-auto mt-10 max-w-lg rounded-xl border border-line bg-white p-6 text-center shadow-sm"
      data-testid="no-keys"
    >
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-800">
        <Icon name="user" className="h-6 w-6" />
      </span>
      <h2 id="no-keys-title" className="mt-3 text-lg font-semibold text-ink wrap-anywhere">
        Welcome, {name}
      </h2>
      <p className="mt-2 text-base text-ink">
        You are signed in as {name}, and you have no department keys yet, so no department boxes show here.{" "}
        {keyGivers.length
          ? `${orList(keyGivers)} can give you keys in Global Settings → Team Members.`
          : "A manager with the 'Super User (All Access)' key can give you keys in Global Settings → Team Members."}
      </p>
      <p className="mt-3 text-base text-ink">The QR Timer already works for you: scan an item's label to start its timer, and scan it again to stop it.</p>
      <Link to="/qr-scanner" className={`mt-5 ${btn.large}`}>
        <Icon name="qr" />
        Open the QR Timer
      </Link>
    </section>
  );
}

const TILE_LOOK: Record<string, { icon: IconName; className: string }> = {
  "pre-production": { icon: "preProduction", className: "bg-blue-100 text-blue-800" },
  production: { icon: "production", className: "bg-amber-100 text-amber-900" },
  fabrication: { icon: "fabrication", className: "bg-brand-100 text-brand-800" },
  "project-management": { icon: "projectManagement", className: "bg-purple-100 text-purple-800" },
};

function TileIcon({ tileKey }: { tileKey: string }) {
  const look = TILE_LOOK[tileKey] ?? { icon: "departments" as IconName, className: "bg-slate-100 text-ink" };
  return (
    <span className={`flex h-12 w-12 items-center justify-center rounded-xl ${look.className}`}>
      <Icon name={look.icon} className="h-7 w-7" />
    </span>
  );
}

const SETUP_LINES: Record<SetupStep["key"], { title: string; hint: string; to: string; icon: IconName }> = {
  departments: {
    title: "Add your departments",
    hint: "Pre-Production, Production, Fabrication and the rest: one click adds the standard six.",
    to: "/settings?tab=departments",
    icon: "departments",
  },
  machines: {
    title: "Add your machine stations",
    hint: "Printers, cutters and routers: each one gets its own page on the Production Floor.",
    to: "/settings?tab=departments&new=1",
    icon: "machine",
  },
  products: {
    title: "Add your products",
    hint: "The kinds of work you make, each with the departments it goes through.",
    to: "/settings?tab=products",
    icon: "products",
  },
  materials: {
    title: "Add your materials",
    hint: "Vinyl, aluminium, acrylic: every item is made of one.",
    to: "/settings?tab=materials",
    icon: "materials",
  },
  workflows: {
    title: "Add a project workflow",
    hint: "The order of departments a project follows.",
    to: "/settings?tab=workflows",
    icon: "workflows",
  },
  teamMembers: {
    title: "Add your team",
    hint: "Give everyone a PIN and the departments they work in.",
    to: "/settings?tab=team",
    icon: "team",
  },
  shopAddress: {
    title: "Set the shop's address",
    hint: "The address a phone opens from a QR label.",
    to: "/settings/shop-address",
    icon: "qr",
  },
};

/** docs/product.md (Decisions): a first start without demo data is never a dead end. Management sees what is left to set up. */
function SetupChecklist({ steps, addressOffer }: { steps: SetupStep[]; addressOffer: ShopAddressOffer | null }) {
  const done = steps.filter((s) => s.done).length;
  return (
    <section
      aria-labelledby="setup-title"
      className="mx-auto mt-10 max-w-3xl rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="setup-checklist"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-title" className="text-xl font-semibold text-ink">
          Set up your shop
        </h2>
        <p className="text-sm font-medium text-ink-muted">
          {done} of {steps.length} done
        </p>
      </div>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className="mt-4 divide-y divide-line">
        {steps.map((step) => {
          const line = SETUP_LINES[step.key];
          if (step.key === "shopAddress" && !step.done && addressOffer) return <ShopAddressStep key={step.key} offer={addressOffer} title={line.title} />;
          return (
            <li key={step.key} data-testid={`setup-${step.key}`} data-done={step.done ? "true" : "false"}>
              <Link to={line.to} className="group flex min-h-14 items-center gap-3 py-3">
                <span
                  className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${step.done ? "bg-success-700 text-white" : "border-2 border-slate-300 text-ink-muted"}`}
                >
                  <Icon name={step.done ? "check" : line.icon} className="h-5 w-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className={`block text-base font-semibold ${step.done ? "text-ink-muted line-through" : "text-ink group-hover:text-brand-800"}`}>
                    {line.title}
                    {step.done ? <span className="sr-only"> (done)</span> : null}
                  </span>
                  <span className="block text-sm text-ink-muted">{line.hint}</span>
                </span>
                <Icon name="arrowRight" className="h-5 w-5 text-ink-subtle group-hover:text-brand-800" />
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
