import { useLingui } from "@lingui/react/macro";
import type { MouseEvent } from "react";
import { Form } from "react-router";
import type { Tile } from "~/domain/departments";
import { Icon, type IconName } from "../icons";

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

/**
 * The department boxes. Each is a form button: without JavaScript it posts the tile to the home action, which
 * takes the same decision `onTileClick` takes in the page (open the screen, ask for the PIN, or say why not).
 */
export function DepartmentTiles({ tiles, onTileClick }: { tiles: Tile[]; onTileClick: (e: MouseEvent, tile: Tile) => void }) {
  return (
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
  );
}

/** Signed out, and nobody has been given a department key yet. */
export function NoAccessConfigured() {
  const { t } = useLingui();
  return (
    <div className="mx-auto mt-10 max-w-lg rounded-xl border border-warning-300 bg-warning-50 p-6 text-center">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-white text-warning-900">
        <Icon name="lock" className="h-6 w-6" />
      </span>
      <h2 className="mt-3 text-lg font-semibold text-warning-900">{t`No Access Configured`}</h2>
      <p className="mt-2 text-base text-warning-900">
        {t`No team members have been granted access to any departments yet. Contact your administrator to set up access permissions.`}
      </p>
    </div>
  );
}
