/**
 * The jsdom of the component specs files style rules under the class, id or tag their selectors
 * need (jest/indexed-style-rules.js, loaded by jest/jsdom-environment.js): getComputedStyle must
 * still apply every rule that matches an element, in the order of the sheets, as jsdom does.
 */

/** Rules of every shape the index reads (or must leave to "any element"), each marking the elements it applies to. */
const CSS = `
  div { --tag: div; }
  .a { --class: a; }
  .A { --upper-class: A; }
  #x { --id: x; }
  #X { --upper-id: X; }
  .a > .b, .c ~ .d, .e + .f { --list: list; }
  .b:hover, .b:not(.z) { --pseudo: not-z; }
  :is(.a, .b) span { --is: is; }
  :where(.a) { --where: where; }
  [data-x="a.b, .c #d"] { --attr: attr; }
  * { --any: any; }
  section.b#x { --compound: compound; }
  SPAN.g { --upper-tag: upper-tag; }
  .esc\\:ape { --escape: escape; }
  .a .b::before { --pseudo-element: before; }
  .b .c { --descendant: descendant; }
  .c\t.d { --tab: tab; }
  @media screen { .b { --media: screen; } }
  @media print { .b { --media: print; } }
  @keyframes spin { from { --frame: from; } }
  .a { --order: first; }
  .a.keep { --order: second; }
  .a { display: none; }
  .a.keep { display: block; }
`;

const HTML = `
  <div class="a keep" id="x">
    <section class="b" id="x"><span class="g">g</span></section>
    <div class="b z"><span>under b</span></div>
    <span class="c"></span><span class="d"></span>
    <span class="e"></span><i class="f"></i>
  </div>
  <div class="A" id="X"><p class="esc:ape" data-x="a.b, .c #d">p</p></div>
  <svg><foreignObject class="b"></foreignObject></svg>
`;

/** jsdom's cascade as it was: every rule of every sheet (the inner rules of screen media ones) matched in order. */
function naiveDeclarations(element: Element): Map<string, string> {
  const declarations = new Map<string, string>();
  const apply = (rule: CSSRule) => {
    const style = (rule as CSSStyleRule).style;
    let matches = false;
    try {
      matches = element.matches((rule as CSSStyleRule).selectorText);
    } catch {
      matches = false;
    }
    if (!matches || !style) return;
    for (let i = 0; i < style.length; i++) declarations.set(style[i], style.getPropertyValue(style[i]));
  };
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      const media = (rule as CSSMediaRule).media;
      if (media) {
        if (Array.from(media).includes('screen')) Array.from((rule as CSSMediaRule).cssRules).forEach(apply);
      } else apply(rule);
    }
  }
  return declarations;
}

const MARKERS = ['--tag', '--class', '--upper-class', '--id', '--upper-id', '--list', '--pseudo', '--is', '--where', '--attr', '--any', '--compound', '--upper-tag', '--escape', '--pseudo-element', '--descendant', '--tab', '--media', '--frame', '--order', 'display'];

describe('the indexed cascade of the specs’ jsdom', () => {
  beforeEach(() => {
    document.head.innerHTML = `<style>${CSS}</style>`;
    document.body.innerHTML = HTML;
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('gives every element the declarations of every rule that matches it, the later rule winning', () => {
    const elements = Array.from(document.body.querySelectorAll('*'));
    expect(elements.length).toBeGreaterThan(10);
    for (const element of elements) {
      const expected = naiveDeclarations(element);
      const style = window.getComputedStyle(element);
      const actual = Object.fromEntries(MARKERS.map((property) => [property, style.getPropertyValue(property)]));
      const wanted = Object.fromEntries(MARKERS.map((property) => [property, expected.get(property) ?? (property === 'display' ? style.getPropertyValue('display') : '')]));
      expect({ element: element.outerHTML.slice(0, 60), ...actual }).toEqual({ element: element.outerHTML.slice(0, 60), ...wanted });
    }
  });

  it('applies the rules the spec means to (the reference above is no empty check)', () => {
    const outer = document.querySelector('div.a')!;
    expect(window.getComputedStyle(outer).getPropertyValue('--order')).toBe('second');
    expect(window.getComputedStyle(outer).getPropertyValue('display')).toBe('block');
    const section = document.querySelector('section')!;
    expect(['--list', '--pseudo', '--compound', '--media', '--id'].map((p) => window.getComputedStyle(section).getPropertyValue(p))).toEqual(['list', 'not-z', 'compound', 'screen', 'x']);
    expect(window.getComputedStyle(document.querySelector('p')!).getPropertyValue('--escape')).toBe('escape');
    expect(window.getComputedStyle(document.querySelector('p')!).getPropertyValue('--attr')).toBe('attr');
  });

  it('sees rules added and removed through the CSSOM', () => {
    const sheet = document.styleSheets[0];
    const span = document.querySelector('span.d')!;
    expect(window.getComputedStyle(span).getPropertyValue('--added')).toBe('');
    sheet.insertRule('.d { --added: yes; }', sheet.cssRules.length);
    span.setAttribute('data-touch', '1');
    expect(window.getComputedStyle(span).getPropertyValue('--added')).toBe('yes');
    sheet.deleteRule(sheet.cssRules.length - 1);
    sheet.insertRule('.c { --added: other; }', sheet.cssRules.length);
    span.setAttribute('data-touch', '2');
    expect(window.getComputedStyle(span).getPropertyValue('--added')).toBe('');
  });
});
