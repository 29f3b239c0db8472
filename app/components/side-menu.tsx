import { Link } from "react-router";

const ENTRIES = [
  { to: "/", label: "Main Page", hint: "Overview & Analytics" },
  { to: "/projects", label: "Projects", hint: "Manage Projects" },
  { to: "/settings", label: "Global Settings", hint: "Configure the shop" },
];

// A <details> element: the menu opens and closes with JavaScript off too.
export function SideMenu() {
  return (
    <details className="group relative">
      <summary
        aria-label="Open menu"
        className="flex h-9 w-9 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </summary>
      <nav
        aria-label="Main menu"
        className="fixed top-14 left-0 z-40 flex h-[calc(100vh-3.5rem)] w-72 flex-col border-r border-slate-200 bg-white p-4 shadow-xl"
      >
        <ul className="space-y-1">
          {ENTRIES.map((e) => (
            <li key={e.to}>
              <Link to={e.to} className="block rounded-lg px-3 py-2 hover:bg-slate-100">
                <span className="block text-sm font-medium text-slate-900">{e.label}</span>
                <span className="block text-xs text-slate-500">{e.hint}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-auto rounded-lg border border-green-200 bg-green-50 p-3" role="status">
          <p className="flex items-center gap-2 text-sm font-medium text-green-800">
            <span className="inline-block h-2 w-2 rounded-full bg-green-500" aria-hidden="true" />
            online
          </p>
          <p className="mt-1 text-xs text-green-700">Manufacturing flow operational</p>
        </div>
      </nav>
    </details>
  );
}
