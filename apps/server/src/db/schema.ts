/**
 * The database schema, one file per server module under `./schema/` (named after `src/modules/<module>`): each
 * holds the tables its module owns, with their comments, indexes and constraints. This file stays the single
 * import point (the code, the seeds and `drizzle.config.ts` read the schema here): it re-exports every table.
 * The schema files import each other for foreign keys, without a cycle; their shared column helpers are in
 * `./schema/columns.ts`, which is not re-exported. The tables of each file:
 */

export * from './schema/agencies.ts'; // agency_groups, agencies, agency_contacts, agency_links
export * from './schema/auth.ts'; // auth_tokens, one_time_tokens, user_logins
export * from './schema/availability.ts'; // occupancy
export * from './schema/banks.ts'; // bank_accounts, bank_entries
export * from './schema/bookings.ts'; // bookings, booking_rooms, booking_guests, calculation_lines, booking_versions, booking_counters, booking_comments
export * from './schema/commissions.ts'; // commissions
export * from './schema/contests.ts'; // contests, contest_subscriptions
export * from './schema/credits.ts'; // credit_entries
export * from './schema/currencies.ts'; // currencies, exchange_rates
export * from './schema/customer-data-groups.ts'; // customer_data_groups
export * from './schema/customer-groups.ts'; // customer_groups
export * from './schema/customers.ts'; // customers, customer_versions, customer_references, customer_meta
export * from './schema/dive.ts'; // dive_sites, dive_types, dive_boats, employees, worklogs, day_guests, day_events, dive_plans, dive_logs
export * from './schema/documents.ts'; // invoice_counters, invoices, document_templates, booking_documents
export * from './schema/forms.ts'; // form_defs, forms
export * from './schema/geo.ts'; // countries, destinations, ports, airports, airlines
export * from './schema/guestforms.ts'; // guest_forms
export * from './schema/mail.ts'; // mail_accounts, mail_templates, mail_queue, mail_schedules, mail_schedule_skips
export * from './schema/media.ts'; // media_folders, media, media_data
export * from './schema/online.ts'; // online_requests
export * from './schema/onsite.ts'; // pos_tabs, onsite_items, onsite_payments
export * from './schema/payments.ts'; // payment_providers, payments
export * from './schema/plugins.ts'; // xero_connections, xero_invoices
export * from './schema/price-entries.ts'; // price_entries (prices module; apart so that tours.ts and prices.ts need not import each other)
export * from './schema/prices.ts'; // price_variants, prices, supplements
export * from './schema/products.ts'; // product_categories, products, product_stock_log, product_asset_stock
export * from './schema/referrals.ts'; // referrals
export * from './schema/resorts.ts'; // resorts, arrival_departure_rules
export * from './schema/room-types.ts'; // bed_types, room_types
export * from './schema/rooms.ts'; // rooms, room_blocks
export * from './schema/settings.ts'; // settings, stored_files, taxes, textblock_groups, textblocks, booking_sources, booking_categories
export * from './schema/specials.ts'; // specials_groups, specials
export * from './schema/system.ts'; // events
export * from './schema/terms.ts'; // payment_terms
export * from './schema/todos.ts'; // todos, booking_todos
export * from './schema/tours.ts'; // tours, schedules
export * from './schema/translations.ts'; // translations
export * from './schema/users.ts'; // user_roles, users
export * from './schema/vessels.ts'; // vessels, vessel_decks, vessel_lists
export * from './schema/widgets.ts'; // widgets, widget_events
