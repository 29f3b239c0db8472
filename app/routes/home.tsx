import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useNavigate, useNavigation, useRevalidator } from "react-router";
import { DepartmentTiles, NoAccessConfigured } from "~/components/home/department-tiles";
import { MoreScreens } from "~/components/home/more-screens";
import { NoKeysYet } from "~/components/home/no-keys-yet";
import { SetupChecklist } from "~/components/home/setup-checklist";
import { BackupFailureNotice } from "~/components/backup-failure-notice";
import { WebhookFailedNotice } from "~/components/settings/webhook-failed-notice";
import { WorkListLinks } from "~/components/home/work-list-links";
import { DayEndPauseNotice } from "~/components/home/day-end-pause-notice";
import { Icon } from "~/components/icons";
import { PinDialog } from "~/components/pin-dialog";
import { MemberLanguageSwitch } from "~/components/member-language";
import { useToast } from "~/components/toaster";
import { btn } from "~/components/ui";
import { decideTileClick, homeTiles, type Tile } from "~/domain/departments";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Route } from "./+types/home";
import { homeAction, loadHome } from "./home.server";

export function meta() {
  return [{ title: "Shopflow" }];
}

export const loader = (args: Route.LoaderArgs) => loadHome(args);

export const action = (args: Route.ActionArgs) => homeAction(args);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { user, heldKeys, tileKeys, isManagement, setup, keyGivers, canAnalytics, addressOffer, workLists, backupFailure } = loaderData;
  const { t } = useLingui();
  const hydrated = useHydrated();
  const toast = useToast();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [pinTile, setPinTile] = useState<Tile | null>(null);
  const tiles = homeTiles().filter((x) => tileKeys.includes(x.key));
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";

  const accessTitle = (title: string) => t`Access ${title}`;

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
        <h1 className="text-display font-bold tracking-tight text-ink">{t`Manufacturing Flow`}</h1>
        <p className="mt-2 text-base text-ink-muted sm:text-lg">{t`Production tracking for every department of the shop`}</p>
      </div>

      <BackupFailureNotice note={backupFailure} className="mx-auto mt-6 max-w-2xl" />
      <DayEndPauseNotice items={loaderData.dayEndPauses} className="mx-auto mt-6 max-w-2xl" />

      {setup ? <SetupChecklist steps={setup} addressOffer={addressOffer} /> : null}
      <WebhookFailedNotice count={loaderData.webhooksFailed} className="mx-auto mt-8 max-w-3xl" />

      {loading ? (
        <p className="mt-12 text-center text-base text-ink-muted" role="status">
          {t`Loading access permissions...`}
        </p>
      ) : tiles.length === 0 && user ? (
        <NoKeysYet name={user.name} keyGivers={keyGivers} />
      ) : tiles.length === 0 ? (
        <NoAccessConfigured />
      ) : (
        <DepartmentTiles tiles={tiles} onTileClick={onTileClick} />
      )}

      <WorkListLinks departments={workLists} />

      {isManagement ? (
        <div className="mt-8 text-center">
          <Link to="/settings" className={btn.secondary}>
            <Icon name="settings" />
            {t`Global Settings`}
          </Link>
        </div>
      ) : null}

      {user ? <MoreScreens canAnalytics={canAnalytics} /> : null}
      {user && !user.apiToken ? <MemberLanguageSwitch current={user.language} className="mt-8" /> : null}

      <p className="mt-10 text-center text-base text-ink-muted">
        {tiles.length === 0 ? t`Access permissions are managed by your administrator` : t`Select a department and enter your PIN to access workflows`}
      </p>

      <PinDialog
        open={pinTile !== null}
        onOpenChange={(o) => (o ? null : setPinTile(null))}
        title={pinTile ? accessTitle(pinTile.title) : ""}
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
