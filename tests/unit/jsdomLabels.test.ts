import { describe, expect, it } from 'vitest';
import { jsdomOwn } from '../support/jsdomLabels';

// A form with every way a label can name a control: `for`, nesting, both, a `for` naming a non-labelable or a
// missing element, a duplicated id, a hidden input, a nested label naming another control.
const html = `
  <form>
    <label for="a">A</label><input id="a">
    <label>B <input id="b"><input id="b2"></label>
    <label for="c">C1</label><label for="c">C2 <input id="c"></label>
    <label for="d">D</label><div id="d"></div>
    <label for="missing">M</label>
    <label for="dup">Dup</label><textarea id="dup"></textarea><select id="dup"></select>
    <label>H <input type="hidden" id="h"><button id="hb">x</button></label>
    <label for="e">E <input id="f"></label><input id="e">
    <label for="">Empty <input id="g"></label>
    <meter id="m"></meter><label for="m">Meter</label>
  </form>`;

type Getter = (this: Element) => unknown;

/** Each element's labels and each label's control, as indexes into the document's elements. */
const answers = (control: Getter, labels: Getter) => {
  const all = [...document.querySelectorAll('*')];
  const index = (node: unknown) => (node instanceof Element ? all.indexOf(node) : null);
  const controls = [...document.querySelectorAll('label')].map((label) => index(control.call(label)));
  const labelled = [...document.querySelectorAll('input, textarea, select, button, meter')].map((element) => {
    const found = labels.call(element) as Iterable<Element> | null;
    return found === null ? null : [...found].map(index);
  });
  return { controls, labelled };
};

const installed = (type: { prototype: object }, name: string): Getter => {
  const getter = Object.getOwnPropertyDescriptor(type.prototype, name)?.get;
  if (!getter) throw new Error(`no ${name} getter`);
  return getter as Getter;
};

describe('label lookups through the id index (tests/support/jsdomLabels.ts, installed by tests/setup.ts)', () => {
  it('give the same labels and controls as jsdom’s own tree walks, in tree order', () => {
    document.body.innerHTML = html;
    const ownControl = jsdomOwn.control;
    if (!ownControl || jsdomOwn.labels.size < 7) throw new Error('the indexed lookups are not installed');
    const ownLabels: Getter = function (this: Element) {
      const getter = jsdomOwn.labels.get(Object.getPrototypeOf(this) as object);
      if (!getter) throw new Error(`no labels getter for ${this.localName}`);
      return getter.call(this);
    };
    const indexed = answers(installed(HTMLLabelElement, 'control'), installed(HTMLInputElement, 'labels'));
    const native = answers(ownControl, ownLabels);
    expect(indexed.controls.length).toBeGreaterThan(8);
    expect(indexed.labelled.filter((found) => found && found.length > 1).length).toBeGreaterThan(0);
    expect(indexed).toEqual(native);
  });
});
