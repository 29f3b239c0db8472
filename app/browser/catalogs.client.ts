import { type Messages, setupI18n } from "@lingui/core";
import { isFloorPath } from "~/domain/floor-pages";

/**
 * The page's one instance: a browser shows one language at a time, and a new one comes with a full page load. A
 * `.client` module: the server's bundle never has it, so it can never stand in for a request's own language.
 */
export const clientI18n = setupI18n();

// One chunk per language and catalog; the server's catalog never reaches the browser (decision 0049).
const chunks = import.meta.glob<{ messages: Messages }>(["../locales/*/floor.po", "../locales/*/office.po"]);
const loaded = new Set<string>();

/** Loads what the page at `pathname` needs in `locale` (the floor's pages only their own words) and switches to it. */
export async function loadCatalogs(locale: string, pathname: string): Promise<void> {
  const names = isFloorPath(pathname) ? ["floor"] : ["floor", "office"];
  const missing = names.filter((name) => !loaded.has(`${locale}/${name}`) && chunks[`../locales/${locale}/${name}.po`]);
  const parts = await Promise.all(missing.map((name) => chunks[`../locales/${locale}/${name}.po`]!()));
  for (const [index, part] of parts.entries()) {
    clientI18n.load(locale, part.messages);
    loaded.add(`${locale}/${missing[index]}`);
  }
  if (clientI18n.locale !== locale) clientI18n.activate(locale);
}
