import { AsyncLocalStorage } from 'node:async_hooks';

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
 * Next keeps six of them active (and ours is a seventh), so every request paid that copy six times
 * over. Shared stores pay it once: what Node 22's AsyncContextFrame does natively.
 * Same contract as the native class (run, exit, enterWith, getStore, disable; bind and snapshot).
 */
export class SharedAsyncLocalStorage<T> {
  // the native ones capture the native store, and with it every shared store's value
  static bind<F extends (...args: never[]) => unknown>(fn: F): F {
    return AsyncLocalStorage.bind(fn);
  }

  static snapshot(): ReturnType<typeof AsyncLocalStorage.snapshot> {
    return AsyncLocalStorage.snapshot();
  }

  #enabled = true;

  getStore(): T | undefined {
    return this.#enabled ? (frames.getStore()?.get(this) as T | undefined) : undefined;
  }

  run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    this.#enabled = true;
    return frames.run(withValue(this, store), callback, ...args);
  }

  exit<R, A extends unknown[]>(callback: (...args: A) => R, ...args: A): R {
    return frames.run(withValue(this, undefined), callback, ...args);
  }

  enterWith(store: T): void {
    this.#enabled = true;
    frames.enterWith(withValue(this, store));
  }

  /** As the native one: every context reads undefined until the next `run` or `enterWith`. */
  disable(): void {
    this.#enabled = false;
  }
}

function withValue(owner: object, value: unknown): Frame {
  const frame = new Map(frames.getStore());
  if (value === undefined) frame.delete(owner);
  else frame.set(owner, value);
  return frame;
}

/**
 * Next and React create their stores from `globalThis.AsyncLocalStorage` when the environment provides
 * one (next/dist/server/node-environment-baseline): this must run before Next is loaded.
 */
export function shareAsyncLocalStorage(): void {
  globalThis.AsyncLocalStorage = SharedAsyncLocalStorage as unknown as typeof AsyncLocalStorage;
}
