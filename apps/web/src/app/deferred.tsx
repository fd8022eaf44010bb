import { Suspense, lazy, type ComponentType } from 'react';
import { PageLoader } from '../components/feedback/page-loader';
import type { PrefetchArgs } from '../lib/screen';

export type { PrefetchArgs };

/**
 * A screen module: the screen as its default export, and optionally `prefetch`, data the screen
 * needs before it shows (the router awaits it). For data that changes the screen's layout when it
 * arrives, such as a name in the heading that wraps on a phone.
 */
export type ScreenModule = { default: ComponentType; prefetch?: (args: PrefetchArgs) => Promise<unknown> };

/**
 * A route component whose code is fetched by the route's loader, i.e. only once the loader has
 * decided that the screen may be shown. React Router starts a route's `lazy` for every matched
 * route at once, before any loader runs: a logged-out deep link would download the main layout and
 * the screen only to be sent to the login page.
 *
 * `preload()` is what the loader awaits; the component then renders the loaded screen at once. If
 * it renders without a preload (the guard let it through after a failed session check was
 * retried), it loads the code itself behind a PageLoader.
 */
export function deferred(load: () => Promise<ScreenModule>) {
  let loaded: ComponentType | undefined;
  const Fallback = lazy(load);
  const preload = async (args?: PrefetchArgs) => {
    const module = await load();
    loaded ??= module.default;
    // A failed prefetch does not stop the screen: its own query shows the error.
    if (args) await module.prefetch?.(args).catch(() => undefined);
  };
  function DeferredScreen() {
    const Screen = loaded;
    if (Screen) return <Screen />;
    return (
      <Suspense fallback={<PageLoader />}>
        <Fallback />
      </Suspense>
    );
  }
  return { Component: DeferredScreen, preload };
}
