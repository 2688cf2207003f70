/**
 * jsdom's cascade (getComputedStyle) with the style rules indexed by the key of their selectors,
 * as browsers do, for the web component specs (loaded by jest/jsdom-environment.js).
 *
 * jsdom finds the rules of an element by matching it against every rule of every style sheet.
 * antd's CSS-in-JS puts a few thousand rules in the document, and Testing Library's role
 * queries, accessible names and visibility checks ask for the computed style of each element
 * and its ancestors, again after every DOM change: most of a component spec's time went there.
 *
 * Here each rule is filed under the key of each of its selectors: a class, else the id, else the
 * tag name of the selector's last compound (`.ant-btn:hover > .anticon` under `anticon`), and
 * under "any element" when its selector has no such key or is one this reading does not parse
 * (escapes, namespaces, rules without a selector). An element is matched only against the rules
 * filed under its classes, id and tag and the "any element" ones, in their order in the sheet.
 * Every rule an element could match is still matched by jsdom's own matcher, in the same order:
 * the index only skips rules whose key the element lacks, which could not match it.
 */
const { forEach, indexOf } = Array.prototype;

const ANY = 0;

/** Where a selector list's rule is filed: a key per selector, or null for "any element". */
function selectorKeys(selectorText) {
  if (typeof selectorText !== 'string' || selectorText.includes('\\') || selectorText.includes('|')) return null;
  const positions = topLevelPositions(selectorText);
  if (!positions) return null;
  const keys = [];
  let start = 0;
  for (const i of [...positions.filter((i) => selectorText[i] === ','), selectorText.length]) {
    const key = keyOfLastCompound(selectorText.slice(start, i).trim());
    if (key === null) return null;
    keys.push(key);
    start = i + 1;
  }
  return keys;
}

/** The positions of a selector's characters outside parentheses, brackets and strings; null when these do not close. */
function topLevelPositions(text) {
  const positions = [];
  let depth = 0;
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) positions.push(i);
  }
  return depth === 0 && !quote ? positions : null;
}

const IDENT = /^-?[_a-zA-Z\u00a0-\uffff][-_a-zA-Z0-9\u00a0-\uffff]*/;
const COMBINATOR = /[\s>+~]/;

/**
 * The key of a complex selector: 'c:<class>', '#<id>' or 't:<tag>' of its last compound (lower
 * case: a superset of what matches in quirks mode too), or null when it has none.
 */
function keyOfLastCompound(selector) {
  const positions = selector ? topLevelPositions(selector) : null;
  if (!positions) return null;
  // The last compound starts after the last combinator outside parentheses, brackets and strings.
  let start = 0;
  for (const i of positions) if (COMBINATOR.test(selector[i])) start = i + 1;
  const tag = IDENT.exec(selector.slice(start));
  let id = null;
  for (const i of positions) {
    if (i < start || (selector[i] !== '.' && selector[i] !== '#')) continue;
    const name = IDENT.exec(selector.slice(i + 1));
    if (!name) return null;
    if (selector[i] === '.') return `c:${name[0].toLowerCase()}`;
    id ??= `#${name[0].toLowerCase()}`;
  }
  return id ?? (tag ? `t:${tag[0].toLowerCase()}` : null);
}

/** The rules jsdom looks at in a sheet, in order: its rules, and those inside its screen media rules. */
function indexSheet(sheet) {
  const rules = [];
  const byKey = new Map();
  const file = (key, position) => {
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    if (list[list.length - 1] !== position) list.push(position);
  };
  const add = (rule) => {
    const position = rules.push(rule) - 1;
    const keys = selectorKeys(rule.selectorText);
    if (keys === null) file(ANY, position);
    else for (const key of keys) file(key, position);
  };
  forEach.call(sheet.cssRules, (rule) => {
    if (rule.media) {
      if (indexOf.call(rule.media, 'screen') !== -1) forEach.call(rule.cssRules, add);
    } else add(rule);
  });
  return { rules, byKey, size: sheet.cssRules.length };
}

/** The keys an element is filed under. */
function elementKeys(elementImpl) {
  const keys = [`t:${elementImpl.localName.toLowerCase()}`];
  const id = elementImpl.getAttributeNS(null, 'id');
  if (id) keys.push(`#${id.toLowerCase()}`);
  const classes = elementImpl.getAttributeNS(null, 'class');
  if (classes) for (const name of classes.split(/[\t\n\f\r ]+/)) if (name) keys.push(`c:${name.toLowerCase()}`);
  return keys;
}

/**
 * jsdom's forEachMatchingSheetRuleOfElement on indexed sheets. `matches(rule, elementImpl)` is
 * jsdom's matcher; `defaultSheet()` its parsed user-agent sheet; `cssom` the CSSOM it parses with
 * (a sheet changed through insertRule or deleteRule is indexed again).
 */
function indexedRuleMatching({ matches, defaultSheet, cssom }) {
  let indexes = new WeakMap();
  const forget = (owner) => function (...args) {
    indexes = new WeakMap();
    return owner.apply(this, args);
  };
  for (const type of [cssom.CSSStyleSheet, cssom.CSSGroupingRule]) {
    if (!type || type.prototype.__indexedRules) continue;
    type.prototype.insertRule = forget(type.prototype.insertRule);
    type.prototype.deleteRule = forget(type.prototype.deleteRule);
    Object.defineProperty(type.prototype, '__indexedRules', { value: true });
  }
  const indexOfSheet = (sheet) => {
    let index = indexes.get(sheet);
    if (!index || index.size !== sheet.cssRules.length) indexes.set(sheet, (index = indexSheet(sheet)));
    return index;
  };
  return function forEachMatchingSheetRuleOfElement(elementImpl, handleRule) {
    const keys = elementKeys(elementImpl);
    const handleSheet = (sheet) => {
      const { rules, byKey } = indexOfSheet(sheet);
      const lists = [];
      const any = byKey.get(ANY);
      if (any) lists.push(any);
      for (const key of keys) {
        const list = byKey.get(key);
        if (list) lists.push(list);
      }
      if (lists.length === 0) return;
      const positions = lists.length === 1 ? lists[0] : [...new Set(lists.flat())].sort((a, b) => a - b);
      for (const position of positions) {
        const rule = rules[position];
        if (matches(rule, elementImpl)) handleRule(rule);
      }
    };
    handleSheet(defaultSheet());
    forEach.call(elementImpl._ownerDocument.styleSheets._list, handleSheet);
  };
}

module.exports = { indexedRuleMatching, selectorKeys };
