// spec 2.4 and 4: page shortcuts do nothing while a modal is open. A menu, a popover or an open
// dropdown counts too: its own keys (Esc closes it, arrows move in it) must not reach the page.
const OVERLAY_SELECTOR = '[role="dialog"], [role="menu"], [role="listbox"]';

/** Mantine keeps some dropdowns (a Select's options) in the page while closed, hidden. */
function isShown(element: Element): boolean {
  if (typeof element.checkVisibility === "function") return element.checkVisibility();
  return element.closest('[hidden], [style*="display: none"]') === null;
}

export function isOverlayOpen(root: ParentNode = document): boolean {
  return [...root.querySelectorAll(OVERLAY_SELECTOR)].some(isShown);
}

let overlayOpenAtKeydown = false;
let installed = false;

/**
 * Records, before any other handler runs, whether an overlay was open when a key went down. A
 * modal closes itself on Escape in the capture phase; without this record the page would see the
 * same Escape after the modal had gone and treat it as its own.
 */
export function installOverlayTracker(target: Window = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener(
    "keydown",
    () => {
      overlayOpenAtKeydown = isOverlayOpen(target.document);
    },
    { capture: true },
  );
}

/** For page shortcuts: true when the key went down with an overlay open (or no tracker yet). */
export function wasOverlayOpenAtKeydown(): boolean {
  return installed ? overlayOpenAtKeydown : isOverlayOpen();
}
