/**
 * jsdom answers `control.labels` and `label.control` by walking the whole document, and `labels` asks every
 * label in it for its control: one accessible-name lookup (`getByRole(…, { name })`, `getByLabelText`) on a form
 * costs nodes × labels steps. On the product editor that was a quarter of a component file's CPU. These getters
 * give the same answers (HTML's "labeled control" and "labels", tree order) through the document's id index and
 * the control's own ancestors, so a lookup costs the labels that can point at the control, not the document.
 */

const LABELABLE = 'button, input:not([type="hidden" i]), meter, output, progress, select, textarea';

const isLabelable = (element: Element): boolean =>
  element.matches(LABELABLE) && element.namespaceURI === 'http://www.w3.org/1999/xhtml';

const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** The first element of the label's tree with that id (the document's index when the label is in one). */
const elementWithId = (label: Element, id: string): Element | null => {
  const root = label.getRootNode();
  if (root instanceof Document || root instanceof DocumentFragment) return root.getElementById(id);
  if (!(root instanceof Element)) return null;
  return root.id === id ? root : root.querySelector(`[id=${quoted(id)}]`);
};

/** HTML's labeled control: the element its `for` names, or else its first labelable descendant. */
function control(this: HTMLLabelElement): HTMLElement | null {
  const forValue = this.getAttribute('for');
  if (forValue !== null) {
    if (forValue === '') return null;
    const target = elementWithId(this, forValue);
    return target && isLabelable(target) ? (target as HTMLElement) : null;
  }
  return this.querySelector<HTMLElement>(LABELABLE);
}

/** The labels whose labeled control is this element, in tree order (null when it cannot be labelled). */
function labels(this: HTMLElement): HTMLLabelElement[] | null {
  if (!isLabelable(this)) return null;
  const root = this.getRootNode();
  const found = new Set<HTMLLabelElement>();
  if (this.id && (root instanceof Document || root instanceof DocumentFragment || root instanceof Element)) {
    for (const label of root.querySelectorAll<HTMLLabelElement>(`label[for=${quoted(this.id)}]`))
      if (control.call(label) === this) found.add(label);
  }
  for (let ancestor = this.parentElement; ancestor; ancestor = ancestor.parentElement)
    if (ancestor instanceof HTMLLabelElement && control.call(ancestor) === this) found.add(ancestor);
  return [...found].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
}

type Getter = (this: Element) => unknown;

/** jsdom's own getters, kept when the indexed ones are installed (a test compares both). */
export const jsdomOwn: { control?: Getter; labels: Map<object, Getter> } = { labels: new Map() };

/** Installs the getters on the window's label and labelable element classes (jsdom environments only). */
export const indexLabelLookups = (): void => {
  if (typeof window === 'undefined' || jsdomOwn.control) return;
  jsdomOwn.control = Object.getOwnPropertyDescriptor(HTMLLabelElement.prototype, 'control')?.get;
  Object.defineProperty(HTMLLabelElement.prototype, 'control', { configurable: true, get: control });
  for (const type of [
    HTMLButtonElement,
    HTMLInputElement,
    HTMLMeterElement,
    HTMLOutputElement,
    HTMLProgressElement,
    HTMLSelectElement,
    HTMLTextAreaElement,
  ]) {
    const own = Object.getOwnPropertyDescriptor(type.prototype, 'labels')?.get;
    if (own) jsdomOwn.labels.set(type.prototype, own as Getter);
    Object.defineProperty(type.prototype, 'labels', { configurable: true, get: labels });
  }
};
