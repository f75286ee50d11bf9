/**
 * The REST server's router: LoopBack's own (TrieRouter: routes without path variables in a map, the others in
 * a trie), without the one thing it does per request that answers nothing: TrieRouter writes every route it
 * finds with a path variable (`/productos/{id}`: each read, save and delete of one row) through
 * `util.inspect` to depth 5 for a debug line, whether that debug output is on or not — the route's controller
 * and its whole operation spec. Same routes, same matches.
 */
import { inject } from '@loopback/core';
import {
  createResolvedRoute,
  RestBindings,
  Trie,
  TrieRouter,
  type ResolvedRoute,
  type RestRouterOptions,
  type RouteEntry,
} from '@loopback/rest';

export class RestRouter extends TrieRouter {
  /** The routes with path variables (TrieRouter's own trie is private: this one takes its place). */
  private readonly routes = new Trie<RouteEntry>();

  constructor(@inject(RestBindings.ROUTER_OPTIONS, { optional: true }) options?: RestRouterOptions) {
    super(options);
  }

  protected addRouteWithPathVars(route: RouteEntry): void {
    this.routes.create(this.getKeyForRoute(route), route);
  }

  protected findRouteWithPathVars(verb: string, path: string): ResolvedRoute | undefined {
    const found = this.routes.match(this.getKey(verb, path));
    const route = found?.node.value;
    return found && route ? createResolvedRoute(route, found.params ?? {}) : undefined;
  }

  protected listRoutesWithPathVars(): RouteEntry[] {
    return this.routes.list().map((node) => node.value);
  }
}
