import { joinHooks } from '../src/booking-hooks.ts';

// Tests that drive the flows without building the app need what the composition root joins.
joinHooks();
