/**
 * The islands' icons: the same drawings as Icon.astro (styled by `.icon`), one of `#/lib/icons.ts`'s
 * exports (`drawing={icons.close}`); decorative unless given a label.
 */
export function Icon({ drawing, size = 24, label }: { drawing: string; size?: number; label?: string }) {
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
      dangerouslySetInnerHTML={{ __html: drawing }}
    />
  );
}
