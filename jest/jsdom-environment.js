/**
 * The jsdom test environment of the web component specs, with a larger selector cache.
 *
 * jsdom answers getComputedStyle (which Testing Library's role queries, antd's forms and
 * rc-util's scrollbar measure call all the time) by matching the element against every CSS
 * rule in the document, through nwsapi. nwsapi keeps its compiled selectors in an LRU of 1,000,
 * while antd's CSS-in-JS puts a few thousand distinct selectors in the document: each pass over
 * the rules evicted every selector before its next use, so every match compiled its selector
 * again (most of a form spec's time). This loads nwsapi with room for 50,000.
 */
const Module = require('node:module');

const nwsapiFile = require.resolve('nwsapi', { paths: [require.resolve('jsdom')] });
const compile = Module.prototype._compile;
Module.prototype._compile = function compileWithLargerSelectorCache(content, filename) {
  return compile.call(this, filename === nwsapiFile ? content.replace(/\bCACHE_LIMIT = 1000\b/, 'CACHE_LIMIT = 50000') : content, filename);
};

module.exports = require('jest-environment-jsdom');
