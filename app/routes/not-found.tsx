import { data } from "react-router";
import { NotFound } from "~/components/not-found";

// Rendered in place (status 404) rather than thrown to the root error boundary: a thrown error swaps the
// whole layout, which would drop a toast raised just before the navigation (e.g. 'Access Granted').
export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
