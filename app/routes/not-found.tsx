import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

// The root error boundary renders '404 Page Not Found'.
export default function NotFoundRoute() {
  return null;
}
