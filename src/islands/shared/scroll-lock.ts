let locks = 0;
/** Lock the page's scroll while any drawer or dialog is open (nested ones count). */
export function lockScroll(): () => void {
  locks += 1;
  document.documentElement.classList.add('no-scroll');
  return () => {
    locks -= 1;
    if (locks === 0) document.documentElement.classList.remove('no-scroll');
  };
}
