import { useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useNavigation } from "react-router";

// the product's loading texts of the floor screens. Pages render on the server, so these show only while the
// browser fetches the next screen's data on a client-side move (an old PC on a slow network sees them).
const LOADING: [RegExp, MessageDescriptor][] = [
  [/^\/production\/[^/]+$/, msg`Loading machine files...`],
  [/^\/production(-floor)?$/, msg`Loading production floor...`],
  [/^\/fabrication$/, msg`Loading fabrication departments...`],
];

export function PendingNotice() {
  const { i18n } = useLingui();
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  const text = LOADING.find(([re]) => re.test(navigation.location.pathname))?.[1];
  if (!text) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-0 top-16 z-20 mx-auto w-fit rounded-b-lg border border-t-0 border-line bg-white px-4 py-2 text-base text-ink-muted shadow-md print:hidden"
    >
      {i18n._(text)}
    </p>
  );
}
