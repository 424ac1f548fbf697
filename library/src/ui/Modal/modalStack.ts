/**
 * Open modals, innermost last. While any is open the page container (#page, else #app) is hidden from screen
 * readers and made inert; the last one to close restores it.
 */
const stack: string[] = [];
let hidden: { element: HTMLElement; ariaHidden: string | null; inert: boolean } | null = null;

export function getPageContainer(): HTMLElement | null {
  return document.getElementById("page") ?? document.getElementById("app");
}

export function pushModal(id: string): void {
  if (stack.length === 0) {
    const element = getPageContainer();
    if (element) {
      hidden = {
        element,
        ariaHidden: element.getAttribute("aria-hidden"),
        inert: element.hasAttribute("inert"),
      };
      element.setAttribute("aria-hidden", "true");
      element.setAttribute("inert", "");
    }
  }
  stack.push(id);
}

export function popModal(id: string): void {
  const index = stack.lastIndexOf(id);
  if (index !== -1) stack.splice(index, 1);
  if (stack.length === 0 && hidden) {
    const { element, ariaHidden, inert } = hidden;
    if (ariaHidden === null) element.removeAttribute("aria-hidden");
    else element.setAttribute("aria-hidden", ariaHidden);
    if (!inert) element.removeAttribute("inert");
    hidden = null;
  }
}

export function isTopModal(id: string): boolean {
  return stack[stack.length - 1] === id;
}

export function openModalCount(): number {
  return stack.length;
}
