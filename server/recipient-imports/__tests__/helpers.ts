import { expect } from 'vitest';
import type { Harness, newList } from '@/server/recipients/__tests__/helpers';
import { runImportJobs } from '../worker';

type List = Awaited<ReturnType<typeof newList>>;

export const HEADER = 'email,name,external_id,status,created_at,status_changed_at,attributes';

/** Uploads a CSV through REST and returns the created import (201). */
export async function upload(list: List, csv: string, fileName = 'people.csv') {
  const res = await list.call('POST', `${list.base}/imports`, { csv, file_name: fileName });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

/** Upload, Import, and one worker round: the import as it ends. */
export async function importNow(harness: Harness, list: List, csv: string) {
  const created = await upload(list, csv);
  const started = await list.call('POST', `${list.base}/imports/${created.id}/start`);
  expect(started.status, started.text).toBe(202);
  await runImportJobs(harness.handle, { projects: [list.projectId] });
  return (await list.call('GET', `${list.base}/imports/${created.id}?limit=500`)).json;
}

export const csvOf = (...rows: string[]) => [HEADER, ...rows].join('\r\n');
