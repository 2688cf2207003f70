/**
 * Renders a component the way the app does (antd theme and locale, a jotai store, a router) for
 * the component specs, and fakes the gateway behind globalThis.fetch.
 */
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { type Location, MemoryRouter, type RouteObject, useLocation, useRoutes } from 'react-router';
import { AppQueryProvider } from '../modules/api/AppQueryProvider';
import { AppThemeProvider } from '../modules/theme/AppThemeProvider';

export type JotaiStore = ReturnType<typeof createStore>;
type UserEventApi = ReturnType<typeof userEvent.setup>;

export type RenderedApp = RenderResult & {
  store: JotaiStore;
  user: UserEventApi;
  /** Where the router is now. */
  location: () => Location;
};

export type RenderOptions = {
  /** The jotai store (a fresh one by default); set atoms on it before rendering. */
  store?: JotaiStore;
  /** Routes around the element (default: the element at every path). */
  routes?: RouteObject[];
  /** The starting path (default '/'). */
  path?: string;
  /** Options of user-event (advanceTimers when the spec uses fake timers). */
  userEvent?: Parameters<typeof userEvent.setup>[0];
};

/**
 * Animations off in the specs: antd's motion (a dialog, drawer or menu leaves at once instead of
 * after its transition, which jsdom never ends: antd waits up to its deadline) and the click wave
 * (a node in the clicked button for up to 5 s). The app's theme inside keeps every other token.
 */
const NO_MOTION: ThemeConfig = { token: { motion: false } };
const NO_WAVE = { disabled: true };

function Routes({ routes, onLocation }: { routes: RouteObject[]; onLocation: (location: Location) => void }): ReactElement | null {
  onLocation(useLocation());
  return useRoutes(routes);
}

/**
 * Renders `element` inside the app's providers; gives the store, the current location and a
 * user-event user. (A MemoryRouter with the route objects: jsdom has no fetch Request, which
 * the data routers need.)
 */
export function renderWithApp(element: ReactElement | null, options: RenderOptions = {}): RenderedApp {
  const store = options.store ?? createStore();
  const routes = options.routes ?? [{ path: '*', element }];
  let current: Location | null = null;
  // No pointer-events check: it asks jsdom for the computed style of the target and every
  // ancestor on each click, matching each against all of antd's CSS rules (a quarter of a form
  // spec's time), while jsdom does no layout that could hide a target anyway.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never, ...options.userEvent });
  // antd's styles go into the head, as in the app, named rather than looked up: without a
  // container, each insertion asks jsdom for document.querySelector('head'), a walk of the whole DOM.
  const result = render(
    <Provider store={store}>
      <AppQueryProvider>
        <StyleProvider container={document.head}>
          <ConfigProvider theme={NO_MOTION} wave={NO_WAVE}>
            <AppThemeProvider>
              <MemoryRouter initialEntries={[options.path ?? '/']}>
                <Routes routes={routes} onLocation={(location) => (current = location)} />
              </MemoryRouter>
            </AppThemeProvider>
          </ConfigProvider>
        </StyleProvider>
      </AppQueryProvider>
    </Provider>,
  );
  const location = (): Location => {
    if (!current) throw new Error('The router has not rendered.');
    return current;
  };
  return { ...result, store, user, location };
}

/** A form's fields: text as text (a repeated field as a list), files as their names. */
function formFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  form.forEach((value, key) => {
    const item = typeof value === 'string' ? value : `file:${value.name}`;
    const previous = fields[key];
    fields[key] = previous === undefined ? item : Array.isArray(previous) ? [...previous, item] : [previous, item];
  });
  return fields;
}

/** One call the fake gateway answered: method, path (with the query) and the parsed JSON body (or form fields). */
export type FakeCall = { method: string; path: string; body: unknown };

export type FakeAnswer = { status?: number; body?: unknown };

/** Answers a call: a reply (status 200 by default), or undefined for a 404. */
export type FakeRoute = (call: FakeCall) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;

export type FakeGateway = {
  /** Every call made so far, in order. */
  calls: FakeCall[];
  /** The calls to a path (without the query). */
  callsTo: (path: string) => FakeCall[];
};

/**
 * Replaces globalThis.fetch with a gateway answering from `routes`, keyed by 'METHOD /path'
 * (path without the query). Unknown calls answer 404. Restored by restoreFetch (afterEach).
 */
export function fakeGateway(routes: Record<string, FakeRoute>): FakeGateway {
  const calls: FakeCall[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body instanceof FormData ? formFields(init.body) : undefined;
    const call = { method, path: url, body };
    calls.push(call);
    const route = routes[`${method} ${url.split('?')[0]}`];
    const answer = route ? await route(call) : undefined;
    const status = answer ? (answer.status ?? 200) : 404;
    const text = answer?.body === undefined ? (answer ? '' : JSON.stringify({ message: 'Not Found' })) : JSON.stringify(answer.body);
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: String(status),
      text: async () => text,
    } as Response;
  };
  Object.defineProperty(globalThis, 'fetch', { configurable: true, writable: true, value: fake });
  return { calls, callsTo: (path) => calls.filter((call) => call.path.split('?')[0] === path) };
}

/** Removes the fake gateway. */
export function restoreFetch(): void {
  Object.defineProperty(globalThis, 'fetch', {
    configurable: true,
    writable: true,
    value: () => Promise.reject(new Error('No fake gateway in this test.')),
  });
}
