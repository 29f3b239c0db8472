import { I18nProvider } from "@lingui/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { clientI18n, loadCatalogs } from "~/browser/catalogs.client";
import { setCurrentI18n } from "~/domain/i18n-runtime";

// What the `t` macro says outside React in the browser: the page's language.
setCurrentI18n(() => clientI18n);

// The page's words are loaded before React takes the page over, so the first client render says what the server did.
loadCatalogs(document.documentElement.lang || "en", window.location.pathname).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider i18n={clientI18n}>
          <HydratedRouter />
        </I18nProvider>
      </StrictMode>,
    );
  });
});
