import { LANGUAGES } from '@atoll/domain/constants';
import {
  ZAirline,
  ZAirport,
  ZAirportOption,
  ZCountry,
  ZCountryOption,
  ZCreateAirline,
  ZCreateAirport,
  ZCreateCountry,
  ZCreateDestination,
  ZCreatePort,
  ZDestination,
  ZPort,
  ZUpdateAirline,
  ZUpdateAirport,
  ZUpdateCountry,
  ZUpdateDestination,
  ZUpdatePort,
} from '@atoll/domain/geo';
import { noNul } from '@atoll/domain/list';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { airlines, airports, countries, destinations, ports } from '../../db/schema.ts';
import { requestLanguage } from '../../http/request.ts';
import { registerResource } from '../../http/resource.ts';
import type { TGeoService } from './geo.service.ts';

const tags = ['settings'];

/** Geography is master data of the settings area (spec platform §2 Media and geography: settings.read). */
const ACCESS = {
  read: ['settings.read', 'settings.update'],
  create: ['settings.update'],
  update: ['settings.update'],
  delete: ['settings.update'],
};

type TTimestamped = { createdAt: Date; updatedAt: Date };
/** Rows to answers: timestamps as ISO strings, jsonb columns typed by the output schema. */
const withIsoDates = <Out>(row: TTimestamped) =>
  ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }) as Out;

/** Destinations and ports are also read where tours, vessels and resorts are edited. */
const PLACES_ACCESS = {
  ...ACCESS,
  read: [...ACCESS.read, 'tours.read', 'vessel.read', 'resort.read', 'schedules.read'],
};

/** The bodies name columns one to one; the database keeps codes unique and references valid. */
const asColumns = async (_ctx: unknown, input: object) => ({ ...input });

export function registerGeoRoutes(app: FastifyInstance, deps: { db: Db; geo: TGeoService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, geo: service } = deps;

  // Public like the language: guest forms and the booking widget ask for nationality and address.
  r.get(
    '/api/settings/countries',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
        response: { 200: z.array(ZCountryOption) },
      },
    },
    async (request) =>
      service.countryOptions(
        request.query.lang ?? request.user?.settings.language ?? requestLanguage(request),
      ),
  );

  // Public for the arrival flight on guest forms; at most 20 answers a call.
  r.get(
    '/api/settings/airports',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        querystring: z.object({ search: z.string().max(100).refine(noNul, 'No NUL characters').default('') }),
        response: { 200: z.array(ZAirportOption) },
      },
    },
    async (request) => service.searchAirports(request.query.search),
  );

  registerResource(app, db, {
    name: 'country',
    base: '/api/country',
    table: countries,
    id: countries.id,
    fields: {
      id: { column: countries.id, type: 'number', sort: true, filter: true },
      code: { column: countries.code, type: 'string', sort: true, filter: true, search: true },
      code3: { column: countries.code3, type: 'string', sort: true, filter: true, search: true },
      name: { column: countries.name, type: 'string', sort: true, filter: true, search: true },
      // The German name, for the list in German: sort and search by what the reader sees.
      nameDe: {
        column: sql`(${countries.translations} ->> 'de')`,
        type: 'string',
        sort: true,
        filter: true,
        search: true,
      },
      currency: { column: countries.currency, type: 'string', sort: true, filter: true },
      isActive: { column: countries.isActive, type: 'boolean', sort: true, filter: true },
      sort: { column: countries.sort, type: 'number', sort: true, filter: true },
    },
    output: ZCountry,
    toOutput: withIsoDates,
    create: ZCreateCountry,
    update: ZUpdateCountry,
    access: ACCESS,
    toValues: asColumns,
  });

  registerResource(app, db, {
    name: 'destination',
    base: '/api/destination',
    table: destinations,
    id: destinations.id,
    fields: {
      id: { column: destinations.id, type: 'number', sort: true, filter: true },
      name: { column: destinations.name, type: 'string', sort: true, filter: true, search: true },
      country: { column: destinations.country, type: 'string', sort: true, filter: true, search: true },
      isActive: { column: destinations.isActive, type: 'boolean', sort: true, filter: true },
      sort: { column: destinations.sort, type: 'number', sort: true, filter: true },
    },
    output: ZDestination,
    toOutput: withIsoDates,
    create: ZCreateDestination,
    update: ZUpdateDestination,
    access: PLACES_ACCESS,
    toValues: asColumns,
  });

  registerResource(app, db, {
    name: 'port',
    base: '/api/port',
    table: ports,
    id: ports.id,
    fields: {
      id: { column: ports.id, type: 'number', sort: true, filter: true },
      name: { column: ports.name, type: 'string', sort: true, filter: true, search: true },
      code: { column: ports.code, type: 'string', sort: true, filter: true, search: true },
      country: { column: ports.country, type: 'string', sort: true, filter: true, search: true },
      destinationId: { column: ports.destinationId, type: 'number', sort: true, filter: true },
      isActive: { column: ports.isActive, type: 'boolean', sort: true, filter: true },
    },
    output: ZPort,
    toOutput: withIsoDates,
    create: ZCreatePort,
    update: ZUpdatePort,
    access: PLACES_ACCESS,
    toValues: asColumns,
  });

  registerResource(app, db, {
    name: 'airport',
    base: '/api/airport',
    table: airports,
    id: airports.id,
    fields: {
      id: { column: airports.id, type: 'number', sort: true, filter: true },
      iata: { column: airports.iata, type: 'string', sort: true, filter: true, search: true },
      icao: { column: airports.icao, type: 'string', sort: true, filter: true, search: true },
      name: { column: airports.name, type: 'string', sort: true, filter: true, search: true },
      city: { column: airports.city, type: 'string', sort: true, filter: true, search: true },
      country: { column: airports.country, type: 'string', sort: true, filter: true },
      isActive: { column: airports.isActive, type: 'boolean', sort: true, filter: true },
    },
    output: ZAirport,
    toOutput: withIsoDates,
    create: ZCreateAirport,
    update: ZUpdateAirport,
    access: ACCESS,
    toValues: asColumns,
  });

  registerResource(app, db, {
    name: 'airline',
    base: '/api/airline',
    table: airlines,
    id: airlines.id,
    fields: {
      id: { column: airlines.id, type: 'number', sort: true, filter: true },
      iata: { column: airlines.iata, type: 'string', sort: true, filter: true, search: true },
      icao: { column: airlines.icao, type: 'string', sort: true, filter: true, search: true },
      name: { column: airlines.name, type: 'string', sort: true, filter: true, search: true },
      country: { column: airlines.country, type: 'string', sort: true, filter: true },
      isActive: { column: airlines.isActive, type: 'boolean', sort: true, filter: true },
    },
    output: ZAirline,
    toOutput: withIsoDates,
    create: ZCreateAirline,
    update: ZUpdateAirline,
    access: ACCESS,
    toValues: asColumns,
  });
}
