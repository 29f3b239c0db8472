import { Link } from "react-router";

export function Centered({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-xl px-4 py-24 text-center">{children}</div>;
}

export function HomeLink() {
  return (
    <Link to="/" className="mt-6 inline-block rounded-lg bg-orange-600 px-4 py-2 text-sm font-medium text-white hover:bg-orange-700">
      Go to Home
    </Link>
  );
}

export function NotFound() {
  return (
    <Centered>
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="mt-2 text-slate-600">There is no page at this address.</p>
      <HomeLink />
    </Centered>
  );
}
