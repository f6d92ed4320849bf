import { execFileSync } from 'node:child_process';
import { AsyncLocalStorage } from 'node:async_hooks';
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

  it('snapshot and bind restore every store as it was when they were taken', async () => {
    const a = new SharedAsyncLocalStorage<string>();
    const b = new SharedAsyncLocalStorage<string>();
    const [snapshot, bound] = a.run('a', () => b.run('b', () => [SharedAsyncLocalStorage.snapshot(), SharedAsyncLocalStorage.bind(() => [a.getStore(), b.getStore()])]));
    expect(a.run('other', () => snapshot(() => [a.getStore(), b.getStore()]))).toEqual(['a', 'b']);
    expect(bound()).toEqual(['a', 'b']);
  });

  it('snapshot also restores native stores and passes the arguments and the result through', () => {
    const shared = new SharedAsyncLocalStorage<string>();
    const native = new AsyncLocalStorage<string>();
    const snapshot = shared.run('taken', () => native.run('taken', () => SharedAsyncLocalStorage.snapshot()));
    const seen = shared.run('later', () => native.run('later', () => snapshot((suffix: string) => `${shared.getStore()} ${native.getStore()}${suffix}`, '!')));
    expect(seen).toBe('taken taken!');
  });

  it('refuses enterWith and disable, whose native semantics a shared frame cannot keep', () => {
    const store = new SharedAsyncLocalStorage<string>();
    expect(() => store.enterWith()).toThrow('does not support enterWith');
    expect(() => store.disable()).toThrow('does not support disable');
  });

  it('runs the callback in place when the store already holds the value or exit has nothing to hide', () => {
    const store = new SharedAsyncLocalStorage<object>();
    const value = {};
    expect(store.exit(() => store.getStore())).toBeUndefined();
    expect(store.run(value, () => store.run(value, () => store.getStore()))).toBe(value);
    expect(store.run(value, () => store.run({ other: true }, () => store.getStore()))).toEqual({ other: true });
  });

  it('restores the frame when the callback throws', () => {
    const store = new SharedAsyncLocalStorage<string>();
    store.run('outer', () => {
      expect(() => store.run('inner', () => { throw new Error('boom'); })).toThrow('boom');
      expect(() => store.exit(() => { throw new Error('boom'); })).toThrow('boom');
      expect(store.getStore()).toBe('outer');
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
