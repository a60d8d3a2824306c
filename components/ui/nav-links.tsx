'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const links = [
  { href: '/', label: 'Overview', exact: true },
  { href: '/hosts', label: 'Hosts' },
  { href: '/clusters', label: 'Clusters' },
];

export function NavLinks() {
  const pathname = usePathname();
  return (
    <nav className="flex gap-1 text-sm" aria-label="Main">
      {links.map((link) => {
        const active = link.exact ? pathname === link.href : pathname.startsWith(link.href);
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={active ? 'page' : undefined}
            className={`rounded px-2.5 py-1 ${active ? 'bg-slate-800 text-white' : 'text-slate-300 hover:text-white'}`}
          >
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}
