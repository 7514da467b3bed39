import { bareExpressScenario } from './scenarios/bare-express';
import { bookingCreate } from './scenarios/booking-create';
import { chatDelivery } from './scenarios/chat-delivery';
import { firstScreen } from './scenarios/first-screen';
import { firstSyncBytes } from './scenarios/first-sync-size';
import { flightSearch } from './scenarios/flight-search';
import { health } from './scenarios/health';
import { healthUnderLists } from './scenarios/health-under-lists';
import { homeJs } from './scenarios/home-js';
import { lighthouseDashboard, lighthouseMobile } from './scenarios/lighthouse';
import { mixed } from './scenarios/mixed';
import { offlineStart } from './scenarios/offline-start';
import { syncDrain500, syncFirstFull } from './scenarios/sync';
import type { Scenario } from './types';

/** Every scenario, run in this order; `npm run bench -- <name>...` runs a subset. */
export const scenarios: Scenario[] = [
  bareExpressScenario,
  health,
  healthUnderLists,
  flightSearch,
  bookingCreate,
  syncFirstFull,
  syncDrain500,
  firstSyncBytes,
  offlineStart,
  firstScreen,
  homeJs,
  lighthouseMobile,
  lighthouseDashboard,
  mixed,
  chatDelivery,
];
