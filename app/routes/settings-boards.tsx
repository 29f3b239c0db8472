import { TextField } from "~/components/forms";
import { KeyedLinkPage } from "~/components/settings/keyed-link-page";
import { LanguageChoice } from "~/components/language-choice";
import { BoardKeyFormSchema } from "~/schemas/board";
import type { Route } from "./+types/settings-boards";
export { loader, action } from "./settings-boards.server";

// Global Settings → Board links: management makes a read-only link for each wall TV, sees when
// each was last used, and revokes one that leaked. The link (its key) is shown once, when made.

export const meta = () => [{ title: "Board links · Global Settings · Shopflow" }];

export default function SettingsBoards({ loaderData }: Route.ComponentProps) {
  return (
    <KeyedLinkPage
      width="max-w-4xl"
      title="Board links"
      subtitle="Read-only links for the floor board on a wall TV: no PIN, and they open nothing else."
      schema={BoardKeyFormSchema}
      form={{
        heading: "New board link",
        headingId: "new-board-link",
        className: "mt-3 flex flex-wrap items-end gap-3",
        fields: (fields) => (
          <>
            <TextField field={fields.name} label="Board name (where the TV is)" className="min-w-0 flex-1 basis-64" placeholder="Shop floor TV" />
            <LanguageChoice kind="board" className="basis-40" />
          </>
        ),
        submit: "Make board link",
      }}
      reveal={(created: { name: string; link: string }) => (
        <>
          <p className="font-semibold">Board link for {created.name} made. Copy it now: it is not shown again.</p>
          <p className="mt-2 font-mono text-sm break-all text-ink" data-testid="board-link">
            {created.link}
          </p>
        </>
      )}
      list={{
        heading: "Links",
        headingId: "board-links",
        columns: [
          { label: "Made", cell: (k) => k.created },
          { label: "Last used", cell: (k) => k.lastUsed },
        ],
        revokeLabel: (k) => `board link ${k.name}`,
        empty: { icon: "eye", title: "No board links yet", text: "Make one above and open it on the TV's browser; the board updates by itself." },
      }}
      rows={loaderData.links}
    />
  );
}
