const CONTROL_SELECTOR = 'button, a[href], [role="button"], [role="menuitem"], [role="checkbox"]';

/**
 * True when a key went to a control outside `own` (a top-bar button, a toolbar link): Enter and
 * Space then keep their native meaning there instead of acting on the page's highlighted row.
 */
export function isForeignControl(event: KeyboardEvent, own?: Element | null): boolean {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  const control = target.closest(CONTROL_SELECTOR);
  if (!control) return false;
  return !own?.contains(control);
}
