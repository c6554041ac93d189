/**
 * The app's router: the address bar as state, the routes that pick a page from it, and links that change it without
 * a page load. Our own, in place of react-router, whose 36 KB minified came with every page of the app for these few
 * parts (docs/decisions/205-our-own-router.md). The names and their behaviour are react-router's where the app uses
 * them: routes matched by rank (a static segment beats a `:param`, which beats a `*`), without regard to case or a
 * trailing slash; a route ending in `/*` gives the routes inside it the rest of the address; a link to where one is
 * already replaces the history entry instead of adding one; `location.state` is kept in `history.state.usr`.
 */
import {
  Children,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry carried (`navigate(to, { state })`), else null. */
  state: unknown;
  key: string;
}

/** Where to go: an address (absolute, or `?query` on this page), or its parts (a missing pathname: this page's). */
export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: To, options?: NavigateOptions) => void;

/** A source of locations: the browser's history, a list in memory (tests), or one fixed address (the prerender). */
interface Navigator {
  location: () => Location;
  subscribe: (listener: () => void) => () => void;
  push: (path: string, state: unknown) => void;
  replace: (path: string, state: unknown) => void;
}

const RouterContext = createContext<{ location: Location; navigator: Navigator } | null>(null);
/** The part of the address the routes around have matched, and their `:params`. */
const RouteContext = createContext<{ base: string; params: Record<string, string> }>({
  base: '',
  params: {},
});

const locationOf = (path: string, state: unknown, key: string): Location => {
  const url = new URL(path, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
};

const pathOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  location.pathname + location.search + location.hash;

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `to` as an address, read against the current location (a bare `?query` stays on this page). */
function resolve(to: To, from: Location): string {
  const url = new URL(typeof to === 'string' ? to : '', `http://localhost${from.pathname}`);
  if (typeof to !== 'string') {
    if (to.pathname) url.pathname = to.pathname;
    url.search = to.search ?? '';
    url.hash = to.hash ?? '';
  }
  return pathOf(url);
}

/** Who hears a history move, for both histories below. */
function listenersOf() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify: () => listeners.forEach((listener) => listener()),
  };
}

let browserNavigator: Navigator | undefined;

/** The browser's history, one for the page: `popstate` and our own navigations both move it. */
function theBrowsersHistory(): Navigator {
  if (browserNavigator) return browserNavigator;
  const { subscribe, notify } = listenersOf();
  const read = (): Location => {
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    return locationOf(pathOf(window.location), entry?.usr ?? null, entry?.key ?? 'default');
  };
  let current = read();
  const changed = () => {
    current = read();
    notify();
  };
  window.addEventListener('popstate', changed);
  const write = (how: 'pushState' | 'replaceState') => (path: string, state: unknown) => {
    window.history[how]({ usr: state, key: newKey() }, '', path);
    changed();
  };
  browserNavigator = {
    location: () => current,
    subscribe,
    push: write('pushState'),
    replace: write('replaceState'),
  };
  return browserNavigator;
}

function memoryHistory(entries: string[]): Navigator {
  const { subscribe, notify } = listenersOf();
  const stack = entries.map((path) => locationOf(path, null, newKey()));
  return {
    location: () => stack[stack.length - 1]!,
    subscribe,
    push: (path, state) => {
      stack.push(locationOf(path, state, newKey()));
      notify();
    },
    replace: (path, state) => {
      stack[stack.length - 1] = locationOf(path, state, newKey());
      notify();
    },
  };
}

function Router({ navigator, children }: { navigator: Navigator; children?: ReactNode }) {
  const location = useSyncExternalStore(navigator.subscribe, navigator.location, navigator.location);
  const value = useMemo(() => ({ location, navigator }), [location, navigator]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** A new entry in the browser's history before any router renders: src/main.tsx answering a held press (decision 211). */
export const pushBrowserAddress = (path: string): void => theBrowsersHistory().push(path, null);

/** The browser's address bar (src/main.tsx). */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  return <Router navigator={theBrowsersHistory()}>{children}</Router>;
}

/** An address in memory, moved by the app's own navigations only: the UI tests. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children?: ReactNode;
}) {
  const [navigator] = useState(() => memoryHistory(initialEntries));
  return <Router navigator={navigator}>{children}</Router>;
}

/** One fixed address: the page the build prerenders (src/app/entry-server.tsx). */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const navigator = useMemo(() => memoryHistory([location]), [location]);
  return <Router navigator={navigator}>{children}</Router>;
}

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a route, link or location used outside a router');
  return router;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  const { location, navigator } = useRouter();
  return useCallback(
    (to: To, { replace = false, state = null }: NavigateOptions = {}) => {
      const path = resolve(to, location);
      (replace ? navigator.replace : navigator.push)(path, state);
    },
    [location, navigator],
  );
}

export function useParams(): Record<string, string | undefined> {
  return useContext(RouteContext).params;
}

type SearchInit = URLSearchParams | Record<string, string> | string;

/** The address's query, and a way to replace it (a new history entry unless `replace`), staying on this page. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit, options?: NavigateOptions) =>
      navigate({ search: `?${new URLSearchParams(next).toString()}` }, options),
    [navigate],
  );
  return [params, set];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/**
 * A link that changes the address without a page load; a press with a modifier key, or with another button than the
 * main one, is the browser's (a new tab, a new window).
 */
export function Link({ to, replace, state, onClick, target, ...anchor }: LinkProps) {
  const { location } = useRouter();
  const navigate = useNavigate();
  const href = resolve(to, location);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href, { replace: replace ?? href === pathOf(location), state });
  };
  return <a {...anchor} href={href} target={target} onClick={click} />;
}

/** A link that says, with `aria-current="page"` and the class `active`, when it leads to the page shown. */
export function NavLink({
  end = false,
  className,
  ...props
}: LinkProps & { end?: boolean; className?: string }) {
  const location = useLocation();
  const target = resolve(props.to, location).split(/[?#]/)[0]!.replace(/\/$/, '').toLowerCase();
  const here = location.pathname.replace(/\/$/, '').toLowerCase();
  const active = here === target || (!end && here.startsWith(`${target}/`));
  return (
    <Link
      {...props}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
}

/** One route of a `<Routes>`: read by it, never rendered itself. */
export function Route(_props: RouteProps): null {
  return null;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * How well `pattern` fits `path` (both without the base): its rank and `:params`, or null when it does not. The
 * rank is react-router's: more segments first, a static one worth 10, a `:param` 3, a `*` -2, an index route 2.
 */
function match(
  route: RouteProps,
  path: string,
): { rank: number; params: Record<string, string>; matched: string } | null {
  const parts = segmentsOf(path);
  if (route.index) return parts.length === 0 ? { rank: 2, params: {}, matched: '' } : null;
  const pattern = segmentsOf(route.path ?? '');
  const splat = pattern[pattern.length - 1] === '*';
  const fixed = splat ? pattern.slice(0, -1) : pattern;
  if (splat ? parts.length < fixed.length : parts.length !== fixed.length) return null;
  const params: Record<string, string> = {};
  let rank = pattern.length + (splat ? -2 : 0);
  for (const [i, segment] of fixed.entries()) {
    const part = parts[i]!;
    if (segment.startsWith(':')) {
      params[segment.slice(1)] = decodeURIComponent(part);
      rank += 3;
    } else if (segment.toLowerCase() === part.toLowerCase()) rank += 10;
    else return null;
  }
  if (splat) params['*'] = parts.slice(fixed.length).join('/');
  return { rank, params, matched: fixed.length ? `/${parts.slice(0, fixed.length).join('/')}` : '' };
}

/** Renders the best-ranked of its `<Route>`s for the address, the first of them on a tie. */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const outer = useContext(RouteContext);
  const rest = pathname.toLowerCase().startsWith(outer.base.toLowerCase())
    ? pathname.slice(outer.base.length)
    : pathname;
  let chosen: { route: RouteProps; rank: number; params: Record<string, string>; matched: string } | null =
    null;
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const route = (child as ReactElement<RouteProps>).props;
    // An absolute path inside a nested <Routes> still names the whole address.
    const found = match(route, route.path?.startsWith('/') ? pathname : rest);
    if (found && (!chosen || found.rank > chosen.rank)) chosen = { route, ...found };
  }
  const base = chosen ? (chosen.route.path?.startsWith('/') ? '' : outer.base) + chosen.matched : '';
  const params = JSON.stringify(chosen ? { ...outer.params, ...chosen.params } : {});
  const value = useMemo(
    () => ({ base, params: JSON.parse(params) as Record<string, string> }),
    [base, params],
  );
  if (!chosen) return null;
  return <RouteContext value={value}>{chosen.route.element}</RouteContext>;
}
