import { ConsoleLink } from './console-link';
import { UserMenu } from './access/user-menu';
import { ConnectionBadge } from './connection-badge';
import { NavLinks } from './ui/nav-links';

export function AppHeader() {
  return (
    <header className="border-b border-slate-800 bg-slate-900/60">
      <div className="mx-auto flex max-w-[160rem] items-center gap-6 px-6 py-3">
        <ConsoleLink href="/" className="text-lg font-semibold tracking-tight text-slate-50">
          Rackpilot
        </ConsoleLink>
        <NavLinks />
        <div className="ml-auto flex items-center gap-4">
          <ConnectionBadge />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
