/**
 * The jsdom test environment of the web component specs, with three of jsdom's slow paths made
 * fast (same results; a spec's time went mostly into them, antd's CSS-in-JS being large):
 *
 * - Style rules indexed by the class, id or tag their selectors need
 *   (jest/indexed-style-rules.js). jsdom answers getComputedStyle (which Testing Library's role
 *   queries and accessible names, antd's forms and rc-util's scrollbar measure call all the
 *   time) by matching the element against every rule in the document, a few thousand with antd.
 * - nwsapi, which matches them, keeps its compiled selectors in an LRU of 1,000, fewer than
 *   antd's distinct selectors: each pass over the rules evicted every selector before its next
 *   use, so every match compiled its selector again. It gets room for 50,000.
 * - Collections with named properties (HTMLCollection, NamedNodeMap, ...) looked each property
 *   name up among their elements before seeing that the name is one of the interface's own
 *   (`length`, `item`), where a named element is ignored anyway. Iterating `head.children`
 *   reads `length` at each step: rc-util, which antd's CSS-in-JS inserts every style with,
 *   does so on every insertion, quadratic in the number of style elements. The lookup is now
 *   skipped for those names, and HTMLCollection's iterator reads its list directly.
 */
const Module = require('node:module');
const { dirname, join } = require('node:path');
const { patched: patchSource } = require('./source-patch');

const jsdomFile = (file) => require.resolve(file, { paths: [require.resolve('jsdom')] });
const nwsapiFile = jsdomFile('nwsapi');
const styleRulesFile = jsdomFile('jsdom/lib/jsdom/living/helpers/style-rules.js');
const generatedDir = dirname(jsdomFile('jsdom/lib/jsdom/living/generated/HTMLCollection.js'));

const STYLE_RULES_HOOK = `
;forEachMatchingSheetRuleOfElement = require(${JSON.stringify(join(__dirname, 'indexed-style-rules.js'))}).indexedRuleMatching({
  matches,
  cssom,
  defaultSheet: () => parsedDefaultStyleSheet || (parsedDefaultStyleSheet = cssom.parse(defaultStyleSheet)),
});
`;

/** A change of one file of jsdom that must apply: a jsdom whose code differs fails here, not slowly. */
const patched = (content, filename, pattern, replacement) => patchSource(content, filename, pattern, replacement, 'jsdom-environment.js');

/** HTMLCollection's iterator reading its list directly, not `length` and each index through the named-property proxy. */
const COLLECTION_ITERATOR = /\[Symbol\.iterator\]: \{ value: globalObject\.Array\.prototype\[Symbol\.iterator\], configurable: true, writable: true \}/;
const FAST_COLLECTION_ITERATOR = `[Symbol.iterator]: {
      value: function values() {
        if (!exports.is(this)) return globalObject.Array.prototype[Symbol.iterator].call(this);
        const impl = this[implSymbol];
        let index = 0;
        let done = false;
        return {
          [Symbol.iterator]() {
            return this;
          },
          next() {
            // Live, as the array iterator over the collection: its length is read at each step.
            if (done || index >= impl.length) {
              done = true;
              return { value: undefined, done: true };
            }
            return { value: utils.tryWrapperForImpl(impl.item(index++)), done: false };
          },
        };
      },
      configurable: true,
      writable: true,
    }`;
const htmlCollectionFile = join(generatedDir, 'HTMLCollection.js');

const NAMED_LOOKUP = /const namedValue = (target\[implSymbol\]\.\w+\(P\));(\s*if \(namedValue !== null && !\(P in target\) && !ignoreNamedProps\))/g;
const NAMED_COLLECTIONS = ['HTMLCollection.js', 'HTMLFormControlsCollection.js', 'HTMLOptionsCollection.js', 'NamedNodeMap.js'].map((file) => join(generatedDir, file));

const compile = Module.prototype._compile;
Module.prototype._compile = function compileFasterJsdom(content, filename) {
  let source = content;
  if (filename === nwsapiFile) source = patched(content, filename, /\bCACHE_LIMIT = 1000\b/, 'CACHE_LIMIT = 50000');
  else if (filename === styleRulesFile) source = patched(content, filename, /^function forEachMatchingSheetRuleOfElement\(elementImpl, handleRule\) \{$/m, '$&') + STYLE_RULES_HOOK;
  else if (NAMED_COLLECTIONS.includes(filename)) source = patched(content, filename, NAMED_LOOKUP, 'const namedValue = ignoreNamedProps || P in target ? null : $1;$2');
  if (filename === htmlCollectionFile) source = patched(source, filename, COLLECTION_ITERATOR, FAST_COLLECTION_ITERATOR);
  return compile.call(this, source, filename);
};

const { TestEnvironment: JsdomEnvironment } = require('jest-environment-jsdom');

/** antd's generated styles, by antd's own cache key, for every spec file this worker runs (jest/antd-style-memo-transform.js). */
const antdStyleMemo = new Map();

class ComponentSpecEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__antdStyleMemo = antdStyleMemo;
  }
}

module.exports = ComponentSpecEnvironment;
