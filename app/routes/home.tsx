import { useState } from "react";
import { Form, Link, redirect, useNavigate, useNavigation, useRevalidator } from "react-router";
import { PinDialog } from "~/components/pin-dialog";
import { useToast } from "~/components/toaster";
import { activeAccessKeys } from "~/models/team-member.server";
import { decideTileClick, hasDepartmentKey, TILES, type Tile } from "~/utils/departments";
import { can } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useHydrated } from "~/utils/use-hydrated";
import type { Route } from "./+types/home";

export function meta() {
  return [{ title: "Shopflow" }];
}

export function loader({ request }: Route.LoaderArgs) {
  const user = getUser(request);
  const heldKeys = user ? [] : [...activeAccessKeys()];
  // Signed in: the tiles this member may open. Signed out: every tile, once anybody has been given access.
  const tiles = user
    ? TILES.filter((t) => hasDepartmentKey(user.accessibleDepartments, t.key))
    : heldKeys.length > 0
      ? TILES
      : [];
  return { user, heldKeys, tileKeys: tiles.map((t) => t.key), isManagement: can(user, "settings:write") };
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
  const { user, heldKeys, tileKeys, isManagement } = loaderData;
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
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Manufacturing Flow</h1>
        <p className="mt-2 text-slate-600">Production tracking for every department of the shop</p>
      </div>

      {loading ? (
        <p className="mt-12 text-center text-slate-500" role="status">
          Loading access permissions...
        </p>
      ) : tiles.length === 0 ? (
        <div className="mx-auto mt-12 max-w-lg rounded-xl border border-amber-200 bg-amber-50 p-6 text-center">
          <h2 className="text-lg font-semibold text-amber-900">No Access Configured</h2>
          <p className="mt-2 text-sm text-amber-800">
            No team members have been granted access to any departments yet. Contact your administrator to set up
            access permissions.
          </p>
        </div>
      ) : (
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {tiles.map((tile) => (
            <li key={tile.key}>
              <Form method="post" className="h-full">
                <input type="hidden" name="tile" value={tile.key} />
                <button
                  type="submit"
                  onClick={(e) => onTileClick(e, tile)}
                  className="flex h-full w-full flex-col items-start rounded-xl border border-slate-200 bg-white p-6 text-left shadow-sm transition hover:border-orange-400 hover:shadow-md focus:ring-2 focus:ring-orange-500 focus:outline-none"
                  data-testid={`tile-${tile.key}`}
                >
                  <TileIcon tileKey={tile.key} />
                  <span className="mt-4 text-lg font-semibold">{tile.title}</span>
                  <span className="mt-1 text-sm text-slate-600">{tile.subtitle}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      {isManagement ? (
        <div className="mt-8 text-center">
          <Link
            to="/settings"
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50"
          >
            Global Settings
          </Link>
        </div>
      ) : null}

      <p className="mt-10 text-center text-sm text-slate-500">
        {tiles.length === 0
          ? "Access permissions are managed by your administrator"
          : "Select a department and enter your PIN to access workflows"}
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

function TileIcon({ tileKey }: { tileKey: string }) {
  const paths: Record<string, string> = {
    "pre-production": "M9 5h6M9 3h6a2 2 0 012 2v14a2 2 0 01-2 2H9a2 2 0 01-2-2V5a2 2 0 012-2zm0 7h6m-6 4h4",
    production: "M3 21V10l5 3V10l5 3V10l5 3V5h3v16H3z",
    "project-management": "M4 19V9m6 10V5m6 14v-7m4 7H2",
  };
  return (
    <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-orange-100 text-orange-700">
      <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={paths[tileKey]} />
      </svg>
    </span>
  );
}
