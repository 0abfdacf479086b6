import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import './loginSession.js';
import { createMailer } from '../../platform/mail/mailer.js';
import { syncActivities } from '../../platform/store/accessRepo.js';
import { csrfCheck } from './csrf.js';
import { loadAuth, loadAuthFromCache } from './loadAuth.js';
import { SessionCache } from './sessionCache.js';
import { loadSecretKey } from './secrets.js';
import { permissionsOf } from './menu.js';
import { loginRoutes } from './loginRoutes.js';
import { sessionRoutes } from './sessionRoutes.js';
import { passwordRoutes } from './passwordRoutes.js';
import { shareRoutes } from './shareRoutes.js';
import type { AuthKit } from './kit.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The auth services' mailer and secrets, for routes outside the auth plugin. */
    authKit: AuthKit;
  }
}
import { checkViewerScope } from './viewerScope.js';
import { openCluster } from '../../platform/cluster/openCluster.js';

/**
 * Sessions, CSRF, login steps, passwords, share links. Registered in the /api context, its routes
 * under `routePrefix` (/v1); its hooks reach every API route (the plugin skips encapsulation), so
 * data routes and /api/docs see `request.auth`.
 */
const plugin: FastifyPluginAsync<{ routePrefix: string }> = async (app, { routePrefix }) => {
  const deps = app.deps;
  app.decorateRequest('auth', null);
  app.decorateRequest('loginSession', null);
  // Activities follow the config: synced now and again whenever a reload brings a new version,
  // so a screen added as a JSON file can be granted without a restart.
  let syncedVersion = deps.config.current().version;
  await syncActivities(deps.store.db, permissionsOf(deps.config.current()));
  const kit: AuthKit = {
    deps,
    mailer: createMailer(deps.env, app.log),
    secret: loadSecretKey(deps.env),
    log: app.log,
  };
  // The generic write routes mail too (a user created from a screen gets the activation link).
  app.decorate('authKit', kit);

  // Several instances (docs/scaling.md): writes announced to the others, rate limits in Redis.
  const cluster = await openCluster(deps, app.log);
  app.addHook('onClose', () => cluster.close());
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(cluster.redis && { redis: cluster.redis, nameSpace: 'shelfscope-rate-', skipOnError: true }),
  });
  const csrf = csrfCheck(deps.env);
  const sessions = new SessionCache(deps.env.AUTH_CACHE_MS, () => cluster.writes.generation());
  /** What needs the store: activities after a config reload, a session read, touch or link check. */
  const resolveFromStore = async (
    request: FastifyRequest,
    reply: FastifyReply,
    csrfChecked: boolean,
  ): Promise<void> => {
    const snapshot = deps.config.current();
    if (snapshot.version !== syncedVersion) {
      syncedVersion = snapshot.version;
      await syncActivities(deps.store.db, permissionsOf(snapshot));
    }
    if (!csrfChecked) csrf(request, reply);
    await loadAuth(deps, sessions, request);
  };
  /** CSRF, then the caller: from the session cache synchronously when it may, else the store. */
  const settle = (request: FastifyRequest, reply: FastifyReply, done: (error?: FastifyError) => void) => {
    let csrfChecked = false;
    try {
      if (deps.config.current().version === syncedVersion) {
        csrf(request, reply);
        csrfChecked = true;
        if (loadAuthFromCache(sessions, request)) {
          done();
          return;
        }
      }
    } catch (error) {
      done(error as FastifyError);
      return;
    }
    resolveFromStore(request, reply, csrfChecked).then(() => done(), done);
  };
  // One hook for every API request: no-store, then the caller. Alone, most calls are settled from
  // the session cache without promise hops (the hot path of data calls). With other instances, a
  // write one of them announced before its answer left must be heard before the cache is read:
  // its message can still be on its way (seen in CI under load: a role changed on one instance,
  // the next call on another served from its cache). Redis: the bus reads the announcements'
  // count first (one round trip). LISTEN/NOTIFY: after the event loop's current poll
  // (setImmediate), so a notification read beside this request moves the generation first.
  app.addHook('onRequest', (request, reply, done) => {
    // API answers carry sessions and tenant data: never cached.
    void reply.header('Cache-Control', 'no-store');
    const bus = cluster.bus;
    if (!bus) return settle(request, reply, done);
    const heard = bus.sync ? bus.sync() : new Promise<void>((resolve) => setImmediate(resolve));
    void heard.then(() => settle(request, reply, done));
  });
  // A write is announced before its answer leaves: the client's next call, on any instance, sees it.
  if (cluster.bus)
    app.addHook('onSend', (_request, _reply, payload, done) => {
      const sent = cluster.writes.publishPending();
      if (!sent) return done(null, payload);
      sent.then(() => done(null, payload), done);
    });
  // Share-link viewers reach their screen's reads only; runs once the caller is known.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      checkViewerScope(request);
      done();
    } catch (error) {
      done(error as FastifyError);
    }
  });

  // A skip-override plugin ignores the prefix it is registered with: its routes take it here.
  const routes = { prefix: routePrefix };
  await app.register(loginRoutes(kit), routes);
  await app.register(sessionRoutes(kit), routes);
  await app.register(passwordRoutes(kit), routes);
  await app.register(shareRoutes(kit), routes);
};

// fastify-plugin's marker, without the dependency: hooks apply to the sibling data routes too.
(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export const authPlugin = plugin;
