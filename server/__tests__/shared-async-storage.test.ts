import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { SharedAsyncLocalStorage } from '../shared-async-storage';

describe('SharedAsyncLocalStorage', () => {
  it('keeps each store its own value through awaits, timers and nested runs', async () => {
    const user = new SharedAsyncLocalStorage<string>();
    const request = new SharedAsyncLocalStorage<number>();
    expect(user.getStore()).toBeUndefined();

    const seen = await user.run('ada', async () => {
      await sleep(1);
      return request.run(7, async () => {
        await Promise.resolve();
        const inTimer = await new Promise((resolve) => setTimeout(() => resolve([user.getStore(), request.getStore()]), 1));
        const inner = user.run('grace', () => [user.getStore(), request.getStore()]);
        return { inTimer, inner, after: [user.getStore(), request.getStore()] };
      });
    });

    expect(seen).toEqual({ inTimer: ['ada', 7], inner: ['grace', 7], after: ['ada', 7] });
    expect([user.getStore(), request.getStore()]).toEqual([undefined, undefined]);
  });

  it('never lets concurrent contexts see each other', async () => {
    const store = new SharedAsyncLocalStorage<number>();
    const reads = await Promise.all(
      [1, 2, 3].map((n) =>
        store.run(n, async () => {
          await sleep(4 - n);
          return store.getStore();
        }),
      ),
    );
    expect(reads).toEqual([1, 2, 3]);
  });

  it('exit hides only its own store, for the callback and what it starts', async () => {
    const a = new SharedAsyncLocalStorage<string>();
    const b = new SharedAsyncLocalStorage<string>();
    await a.run('a', () =>
      b.run('b', async () => {
        const inside = await a.exit(async () => {
          await sleep(1);
          return [a.getStore(), b.getStore()];
        });
        expect(inside).toEqual([undefined, 'b']);
        expect([a.getStore(), b.getStore()]).toEqual(['a', 'b']);
      }),
    );
  });

  it('enterWith sets the store for the rest of the current context only', async () => {
    const store = new SharedAsyncLocalStorage<string>();
    const other = new SharedAsyncLocalStorage<string>();
    await other.run('kept', async () => {
      await (async () => {
        store.enterWith('entered');
        await sleep(1);
        expect([store.getStore(), other.getStore()]).toEqual(['entered', 'kept']);
      })();
    });
    expect(store.getStore()).toBeUndefined();
  });

  it('snapshot and bind restore every store as it was when they were taken', async () => {
    const a = new SharedAsyncLocalStorage<string>();
    const b = new SharedAsyncLocalStorage<string>();
    const [snapshot, bound] = a.run('a', () => b.run('b', () => [SharedAsyncLocalStorage.snapshot(), SharedAsyncLocalStorage.bind(() => [a.getStore(), b.getStore()])]));
    expect(a.run('other', () => snapshot(() => [a.getStore(), b.getStore()]))).toEqual(['a', 'b']);
    expect(bound()).toEqual(['a', 'b']);
  });

  it('disable makes the store read undefined everywhere until it runs again', () => {
    const store = new SharedAsyncLocalStorage<string>();
    store.run('before', () => {
      store.disable();
      expect(store.getStore()).toBeUndefined();
      expect(store.run('again', () => store.getStore())).toBe('again');
      expect(store.getStore()).toBe('before');
    });
  });

  it("is the class Next's server stores are made of once installed before Next loads", () => {
    // a fresh process: the server installs it first thing (share-async-storage.ts), as this script does
    const script = `
      import { shareAsyncLocalStorage, SharedAsyncLocalStorage } from './server/shared-async-storage.ts';
      shareAsyncLocalStorage();
      const { workAsyncStorage } = await import('next/dist/server/app-render/work-async-storage.external.js');
      const { createAsyncLocalStorage } = await import('next/dist/server/app-render/async-local-storage.js');
      process.stdout.write(String(workAsyncStorage instanceof SharedAsyncLocalStorage && createAsyncLocalStorage() instanceof SharedAsyncLocalStorage));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(out).toBe('true');
  });
});
