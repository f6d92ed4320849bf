import { shareAsyncLocalStorage } from '../../shared-async-storage';

// Imported first by main.ts: Next and React create their stores when their modules load.
shareAsyncLocalStorage();
