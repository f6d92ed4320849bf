import { shareAsyncLocalStorage } from '../../shared-async-storage';

// Imported first by main.ts: Next creates its stores when its modules load.
shareAsyncLocalStorage();
