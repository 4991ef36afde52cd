import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';

/**
 * 50,000 synthetic customers in one statement: names from fixed lists (deterministic), typed columns and
 * jsonb kept in step as the API writes them.
 */
export async function seedManyCustomers(database: Database, count: number) {
  await database.db.execute(sql`
    with names as (
      select n,
        (array['Anna','Ben','Clara','David','Eva','Felix','Greta','Hannes','Ida','Jonas','Klara','Lukas','Mia',
               'Noah','Olivia','Paul','Quentin','Rosa','Simon','Tina','Uwe','Vera','Willem','Xenia','Yusuf','Zoe'])[1 + n % 26] as first,
        (array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Schulz','Hoffmann',
               'Koch','Richter','Klein','Wolf','Schröder','Neumann','Schwarz','Braun','Zimmermann','Krüger',
               'Hartmann','Lange','Werner','Krause','Lehmann','Köhler','Herrmann','Walter','König','Mayer',
               'Huber','Kaiser','Fuchs','Peters','Lang','Scholz','Möller','Weiß','Jung','Hahn'])[1 + (n / 26) % 40]
          || case when n % 7 = 0 then '' else '-' || (n % 997)::text end as last,
        (array['DE','AT','CH','NL','GB','US','FR','IT','PH','JP'])[1 + n % 10] as nat
      from generate_series(1, ${count}) as n
    )
    insert into customers (full_name, first_name, last_name, email, gender, nationality, country, birthday,
                           master_data, contact, address)
    select first || ' ' || last, first, last, lower('c' || n || '@bench.example'),
           case when n % 2 = 0 then 'f' else 'm' end, nat, nat,
           date '1950-01-01' + (n % 25000),
           jsonb_build_object('firstName', first, 'lastName', last, 'gender', case when n % 2 = 0 then 'f' else 'm' end,
                              'birthday', to_char(date '1950-01-01' + (n % 25000), 'YYYY-MM-DD'), 'nationality', nat),
           jsonb_build_object('email', 'c' || n || '@bench.example'),
           jsonb_build_object('country', nat, 'city', 'City ' || (n % 500))
    from names`);
  await database.db.execute(sql`analyze customers`);
}
