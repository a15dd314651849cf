import type { DatabaseHandle } from '#src/db/client.ts';

// Issue 13: the personal page hears of a stored change the moment it is committed, whichever API instance
// stored it. The database says which application changed (triggers of migrations 0015 and 0024 NOTIFY
// 'application_changed' with the application's id); each instance LISTENs once and hands the news to its
// own subscribers. Nothing here knows what changed: the page asks the API again, through its usual routes,
// which apply the usual access rules.

export const APPLICATION_CHANGED_CHANNEL = 'application_changed';

/** 'changed': this application changed; 'resync': notifications may have been missed, ask again. */
export type ApplicationChange = 'changed' | 'resync';
export type ApplicationChangeListener = (change: ApplicationChange) => void;

export interface ApplicationChangeFeed {
  /** Starts listening (once per feed) and answers the function that unsubscribes. */
  subscribe(applicationId: string, listener: ApplicationChangeListener): Promise<() => void>;
  /** How many subscribers there are now (for tests and metrics). */
  subscriberCount(): number;
  close(): Promise<void>;
}

export function createApplicationChangeFeed(database: Pick<DatabaseHandle, 'listen'>): ApplicationChangeFeed {
  const listeners = new Map<string, Set<ApplicationChangeListener>>();
  let listening: Promise<() => Promise<void>> | null = null;
  let closed = false;

  const notify = (applicationId: string, change: ApplicationChange) => {
    for (const listener of listeners.get(applicationId) ?? []) listener(change);
  };
  const start = () => {
    listening ??= database
      .listen(
        APPLICATION_CHANGED_CHANNEL,
        (payload) => notify(payload, 'changed'),
        () => {
          for (const applicationId of listeners.keys()) notify(applicationId, 'resync');
        },
      )
      .catch((error: unknown) => {
        // The next subscriber tries again; this one gets the error (its stream is refused, the page polls).
        listening = null;
        throw error;
      });
    return listening;
  };

  return {
    async subscribe(applicationId, listener) {
      if (closed) throw new Error('the application change feed is closed');
      await start();
      const set = listeners.get(applicationId) ?? new Set();
      set.add(listener);
      listeners.set(applicationId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(applicationId) === set) listeners.delete(applicationId);
      };
    },
    subscriberCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
    async close() {
      closed = true;
      listeners.clear();
      const stop = await listening?.catch(() => null);
      listening = null;
      await stop?.();
    },
  };
}
