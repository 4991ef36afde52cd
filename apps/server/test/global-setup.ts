import pg from 'pg';

/** Drops test databases that an interrupted earlier run left behind on PostgreSQL. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'atoll\\_t\\_%'",
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}
