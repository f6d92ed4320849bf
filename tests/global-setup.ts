/** Drops the run's PostgreSQL database (made by vitest.config.ts) once every project is done. */
export default function setup() {
  return async () => {
    const url = process.env.SHIPNOTE_TEST_DATABASE_URL;
    if (!url) return;
    const { default: postgres } = await import('postgres');
    const name = new URL(url).pathname.slice(1);
    const admin = postgres(url.replace(`/${name}`, `/${process.env.SHIPNOTE_TEST_ADMIN_DB ?? 'test'}`), { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`).catch((error: Error) => console.error(`[vitest] could not drop ${name}: ${error.message}`));
    await admin.end({ timeout: 5 });
  };
}
