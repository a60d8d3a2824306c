import { ConsoleLink } from '../console-link';

/** A MAC, linking to its page (state, current step and provisioning timeline). */
export function MacLink({ mac }: { mac: string }) {
  return (
    <ConsoleLink href={`/hardware/${encodeURIComponent(mac)}`} className="hover:underline">
      {mac}
    </ConsoleLink>
  );
}
