import { API_VERSION, type THealth } from './schemas';

export function getHealth(): THealth {
  return { status: 'healthy', version: API_VERSION };
}
