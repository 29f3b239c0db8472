import { type I18n, setupI18n } from "@lingui/core";

/**
 * What the `t` and `msg` macros translate with outside React (lingui.config.ts, runtimeConfigModule): loaders,
 * actions, models' messages, /api errors. The server answers many requests at once in different languages, so
 * there is no global language to switch (decision 0049): this stands for the instance of the request being
 * answered (app/infra/i18n.server.ts sets the lookup) or, in the browser, for the page's one instance
 * (app/browser/i18n.ts). Until either is set (unit tests of plain modules), messages read as written.
 */
let current: () => I18n = (() => {
  const plain = setupI18n({ locale: "en", messages: { en: {} } });
  return () => plain;
})();

export function setCurrentI18n(lookup: () => I18n) {
  current = lookup;
}

/** The instance the code running now speaks with. */
export function currentI18n(): I18n {
  return current();
}

export const i18n = {
  _: ((...args: Parameters<I18n["_"]>) => current()._(...args)) as I18n["_"],
  t: ((...args: Parameters<I18n["t"]>) => current().t(...args)) as I18n["t"],
  get locale() {
    return current().locale;
  },
};
