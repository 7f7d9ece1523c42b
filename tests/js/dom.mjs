// A very small DOM, enough for the player to mount and draw under Node (no browser, no layout): elements with
// attributes, children, text, listeners and a style; nothing is measured, so a size always reads 0.
class Node_ {
  constructor(tag, doc) {
    this.tagName = tag.toUpperCase();
    this.localName = tag;
    this.ownerDocument = doc;
    this.attributes = new Map();
    this.children = [];
    this.parentNode = null;
    this.style = {};
    this.text = "";
  }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }
  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }
  removeAttribute(name) {
    this.attributes.delete(name);
  }
  hasAttribute(name) {
    return this.attributes.has(name);
  }
  appendChild(child) {
    if (child.parentNode) child.remove();
    child.parentNode = this;
    this.children.push(child);
    return child;
  }
  insertBefore(child, before) {
    if (child.parentNode) child.remove();
    child.parentNode = this;
    const at = before ? this.children.indexOf(before) : -1;
    if (at < 0) this.children.push(child);
    else this.children.splice(at, 0, child);
    return child;
  }
  remove() {
    if (!this.parentNode) return;
    const siblings = this.parentNode.children;
    siblings.splice(siblings.indexOf(this), 1);
    this.parentNode = null;
  }
  replaceChildren(...nodes) {
    for (const child of [...this.children]) child.remove();
    for (const node of nodes) this.appendChild(node);
  }
  get firstChild() {
    return this.children[0] || null;
  }
  get firstElementChild() {
    return this.children[0] || null;
  }
  get lastElementChild() {
    return this.children[this.children.length - 1] || null;
  }
  get textContent() {
    return this.text + this.children.map((c) => c.textContent).join("");
  }
  set textContent(value) {
    for (const child of [...this.children]) child.remove();
    this.text = String(value);
  }
  addEventListener() {}
  removeEventListener() {}
  focus() {}
  getBoundingClientRect() {
    return { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0 };
  }
  get clientHeight() {
    return 0;
  }
  /** Every element below this one (depth first) that passes the test. */
  all(test) {
    const found = [];
    const visit = (node) => {
      for (const child of node.children) {
        if (test(child)) found.push(child);
        visit(child);
      }
    };
    visit(this);
    return found;
  }
}

/** A document whose body a player can be mounted in. */
export function makeDocument() {
  const doc = {
    createElement: (tag) => new Node_(tag, doc),
    createElementNS: (_ns, tag) => new Node_(tag, doc),
    getElementById: (id) => doc.head.all((n) => n.getAttribute("id") === id)[0] || null,
    querySelector: () => null,
    querySelectorAll: () => [],
  };
  doc.head = new Node_("head", doc);
  doc.body = new Node_("body", doc);
  return doc;
}
