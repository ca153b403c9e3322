import { ICONS } from '#/lib/icons.ts';
import type { IconName } from '#/lib/icons.ts';

/** The islands' icons: the same drawings as Icon.astro (styled by `.icon`); decorative unless given a label. */
export function Icon({ name, size = 24, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      // The drawings are constants of this codebase, never data.
      dangerouslySetInnerHTML={{ __html: ICONS[name] }}
    />
  );
}
