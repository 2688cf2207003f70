/**
 * Setup of the web component specs (*.spec.tsx, rendered in jsdom): the browser APIs antd and
 * the app use that jsdom does not implement, a clean DOM and localStorage between tests, and
 * the React act() environment flag. Loaded by jest.config.js for those specs only.
 */
import { cleanup, configure } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';
import { TextDecoder, TextEncoder } from 'node:util';
import * as React from 'react';

// TanStack Query tells components about cache changes on a 0 ms timer by default, which fake
// timers would hold back: in the specs it tells them at once (inside the act() of the change).
notifyManager.setScheduler((callback) => callback());

// React's development build records an "owner stack" with every element it creates (an Error
// captured per createElement/jsx call, up to 10,000 per render): 14% of DataGrid.spec's CPU
// time. It only enriches the component stacks of React's console warnings, which the specs do
// not assert; the counter React checks reads as spent, so no stack is captured (warnings still print).
const reactInternals = (React as unknown as Record<string, object | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => Infinity, set: () => undefined });
}

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

// findBy*/waitFor give up after 1 s by default; on a 2-core CI machine that also runs the
// backend suites, a first render of an antd page can take longer than that. Waits still end
// as soon as the element shows, so this only changes how long a real failure takes to report.
configure({ asyncUtilTimeout: 15_000 });

/** matchMedia answering for a desktop window (1280 px wide): min-width queries up to it match. */
function matchMediaStub(query: string): MediaQueryList {
  const minWidth = /min-width:\s*(\d+)px/.exec(query);
  const maxWidth = /max-width:\s*(\d+)px/.exec(query);
  const width = window.innerWidth;
  const matches = (!minWidth || width >= Number(minWidth[1])) && (!maxWidth || width <= Number(maxWidth[1]));
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}

// react-router encodes with these at import time; jsdom leaves them out.
if (!('TextEncoder' in globalThis)) {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMediaStub });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { configurable: true, writable: true, value: ResizeObserverStub });
}

// jsdom implements getComputedStyle but not for pseudo-elements (antd measures the scrollbar
// with '::-webkit-scrollbar'); answer with the element's own style instead of a "not implemented" error.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, _pseudoElement?: string | null) => getComputedStyle(element);

// jsdom has no layout: scrolling does nothing (antd scrolls lists and the document).
window.scrollTo = () => undefined;
Element.prototype.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: 800 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
