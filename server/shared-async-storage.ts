import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';

type Frame = ReadonlyMap<object, unknown>;

declare global {
  var __shipnoteAsyncFrames: AsyncLocalStorage<Frame> | undefined;
}

/**
 * The one native store: its value is the frame of every shared store's value in this async context.
 * On globalThis: the HTTP front and Next's bundles load this module separately.
 */
const frames = (globalThis.__shipnoteAsyncFrames ??= new AsyncLocalStorage<Frame>());

/**
 * `AsyncLocalStorage` with every instance's value carried by one native store. On Node 20 each active
 * native store is copied onto every promise and async resource the process creates, by a hook per store;
 * Next keeps four to six of them active and ours is one more, so every promise paid that copy as many
 * times. Shared stores pay it once, as Node 22's AsyncContextFrame does natively.
 * What Next 16 calls: `run`, `exit`, `getStore`, and the static `bind` and `snapshot`.
 */
export class SharedAsyncLocalStorage<T> {
  // the native ones capture the native store, and with it every shared store's value
  static bind<F extends (...args: never[]) => unknown>(fn: F): F {
    return AsyncLocalStorage.bind(fn);
  }

  /**
   * The native snapshot, without the cost of `AsyncResource#bind` on Node 20 (two deprecation wrappers
   * for its `asyncResource` property, about 17 us): Next takes one for every request it serves.
   */
  static snapshot(): <R, A extends unknown[]>(fn: (...args: A) => R, ...args: A) => R {
    const scope = new AsyncResource('AsyncLocalStorageSnapshot');
    return (fn, ...args) => scope.runInAsyncScope(fn, undefined, ...args);
  }

  getStore(): T | undefined {
    return frames.getStore()?.get(this) as T | undefined;
  }

  run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    if (store !== undefined && frames.getStore()?.get(this) === store) return callback(...args);
    return frames.run(withValue(this, store), callback, ...args);
  }

  /** Next hides its stores from every `console` call this way: free when the store holds nothing. */
  exit<R, A extends unknown[]>(callback: (...args: A) => R, ...args: A): R {
    if (!frames.getStore()?.has(this)) return callback(...args);
    return frames.run(withValue(this, undefined), callback, ...args);
  }

  // A frame is replaced whole, so these two could not keep the native semantics (one store's slot
  // changed in place, for every context): refused rather than subtly different. Next never calls them.
  enterWith(): never {
    throw new Error('SharedAsyncLocalStorage does not support enterWith: use run');
  }

  disable(): never {
    throw new Error('SharedAsyncLocalStorage does not support disable');
  }
}

function withValue(owner: object, value: unknown): Frame {
  const frame = new Map(frames.getStore());
  if (value === undefined) frame.delete(owner);
  else frame.set(owner, value);
  return frame;
}

/**
 * Next creates its stores from `globalThis.AsyncLocalStorage` when the environment provides one
 * (next/dist/server/node-environment-baseline): this must run before Next is loaded. React's renderer
 * takes the native class from `node:async_hooks` itself, so its two stores stay native.
 */
export function shareAsyncLocalStorage(): void {
  globalThis.AsyncLocalStorage = SharedAsyncLocalStorage as unknown as typeof AsyncLocalStorage;
}
