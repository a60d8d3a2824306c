'use client';

import { ConsoleLink } from '../console-link';
import { usePathname } from 'next/navigation';
import type { Role } from '@/server/schemas/roles';
import { canAct, useViewer } from '../access/use-viewer';

const links: { href: string; label: string; exact?: boolean; role?: Role }[] = [
  { href: '/', label: 'Overview', exact: true },
  { href: '/hosts', label: 'Hosts' },
  { href: '/racks', label: 'Racks' },
  { href: '/firmware', label: 'Firmware' },
  { href: '/hardware', label: 'Unleased' },
  { href: '/plunder-clusters', label: 'Plunder' },
  { href: '/clusters', label: 'Clusters' },
  { href: '/ironic', label: 'Ironic' },
  { href: '/placement', label: 'Placement' },
  { href: '/contrail', label: 'Contrail' },
  { href: '/bulk', label: 'Bulk jobs' },
  { href: '/audit', label: 'Audit', role: 'operator' },
  { href: '/admin', label: 'Admin', role: 'admin' },
];

export function NavLinks() {
  const pathname = usePathname();
  const viewer = useViewer();
  const shown = links.filter((link) => !link.role || canAct(viewer, link.role));
  return (
    <nav className="flex gap-1 text-sm" aria-label="Main">
      {shown.map((link) => {
        const active = link.exact ? pathname === link.href : pathname.startsWith(link.href);
        return (
          <ConsoleLink
            key={link.href}
            href={link.href}
            aria-current={active ? 'page' : undefined}
            className={`rounded px-2.5 py-1 ${active ? 'bg-slate-800 text-white' : 'text-slate-300 hover:text-white'}`}
          >
            {link.label}
          </ConsoleLink>
        );
      })}
    </nav>
  );
}
