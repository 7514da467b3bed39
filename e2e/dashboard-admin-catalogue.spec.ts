import { expect as baseExpect, test } from '@playwright/test';
import { bearer, bookFlight, confirmedTraveller, login, newTraveller, signedInContext } from './pages/dashboard-api';
import { datePlus } from './pages/dates';
import type { ApiFlight } from './pages/journey-api';
import { DashboardPage } from './pages/dashboard-page';
import { ADMIN } from './pages/credentials';

// NOTE: pages render from the device once the first sync lands (the 14-day flight window included), which
// takes a few seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

/** YYYY-MM-DD about `days` ahead (the calendar date only matters, not the zone). */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('an admin adds, edits and deletes an airport and a flight, and is refused while they are in use', async ({ browser, request }) => {
  const adminToken = await login(request, ADMIN);
  const context = await signedInContext(browser, adminToken);
  const dash = new DashboardPage(await context.newPage());

  // Airport: the spec texts, then one with its time zone found from the IATA code.
  await dash.page.goto('/dashboard/airports');
  await dash.main.getByRole('button', { name: 'Add', exact: true }).click();
  const add = dash.dialog('Add Airport');
  await add.getByRole('button', { name: 'Save Airport' }).click();
  for (const text of ['Airport name is required', 'Airport code must be exactly 3 letters', 'City is required', 'Country is required']) {
    await expect(add.getByText(text)).toBeVisible();
  }
  await add.getByLabel('Name', { exact: true }).fill('Abeid Amani Karume International');
  await add.getByLabel('Code', { exact: true }).fill('znz');
  await add.getByLabel('City', { exact: true }).fill('Zanzibar');
  await add.getByLabel('Country', { exact: true }).fill('Tanzania');
  await add.getByRole('button', { name: 'Save Airport' }).click();
  await expect(dash.toast('Airport created successfully')).toBeVisible();
  await dash.field('Search airports').fill('ZNZ');
  await expect(dash.row('ZNZ')).toContainText('Africa/Dar_es_Salaam');

  await dash.row('ZNZ').getByRole('button', { name: 'Edit ZNZ' }).click();
  const edit = dash.dialog('Edit Airport');
  await edit.getByLabel('City', { exact: true }).fill('Zanzibar City');
  await edit.getByRole('button', { name: 'Save Airport' }).click();
  await expect(edit).toBeHidden();
  await expect(dash.row('ZNZ')).toContainText('Zanzibar City');

  // Flight: times in each airport's local time (Zanzibar UTC+3, Lagos UTC+1).
  await dash.menuLink('Flights').click();
  await expect(dash.main.getByText(/^\d+ flights$/)).toBeVisible();
  await dash.main.getByRole('button', { name: 'Add', exact: true }).click();
  const create = dash.dialog('Create Flight');
  await create.getByRole('button', { name: 'Create Flight' }).click();
  for (const text of [
    'Origin is required',
    'Destination is required',
    'Departure time is required',
    'Arrival time is required',
    'Price must be greater than 0',
  ]) {
    await expect(create.getByText(text)).toBeVisible();
  }
  await dash.choose(create.getByRole('combobox', { name: 'Origin' }), 'Zanzibar City(ZNZ)', 'ZNZ');
  await dash.choose(create.getByRole('combobox', { name: 'Destination' }), 'Lagos(LOS)', 'LOS');
  await expect(create.getByLabel('Departure', { exact: true })).toHaveAttribute('step', '900');
  const day = dayAhead(30);
  await create.getByLabel('Departure', { exact: true }).fill(`${day}T10:00`);
  await create.getByLabel('Arrival', { exact: true }).fill(`${day}T14:30`);
  await create.getByLabel('Price ($)', { exact: true }).fill('612.50');
  await create.getByRole('button', { name: 'Create Flight' }).click();
  await expect(dash.toast('Flight created successfully')).toBeVisible();

  const [flight] = (await (await request.get('/api/flights?origin=ZNZ')).json()) as ApiFlight[];
  if (!flight) throw new Error('the new flight is not in the catalogue');
  expect(flight.departureTime).toBe(`${day}T07:00:00.000Z`);
  await dash.field('Search by flight number').fill(flight.flightNumber);
  await expect(dash.main.getByText('1 flight')).toBeVisible();
  const row = dash.row(flight.flightNumber);
  await expect(row).toContainText('Zanzibar City (ZNZ)');
  await expect(row).toContainText('6.5 hrs');
  await expect(row).toContainText('$612.50');
  await expect(row).toContainText('scheduled');

  // A traveller books it; a status change then reaches them by mail, and is in the audit log.
  const traveller = await confirmedTraveller(request, 'Zuri Booked');
  const booked = await request.post('/api/payments', {
    headers: bearer(traveller.token),
    data: {
      seatNumber: ['A1'],
      flightId: flight._id,
      classType: 'Economy',
      amount: flight.price,
      currency: 'USD',
      paymentMethod: 'bank_transfer',
      travellers: [
        {
          title: 'Ms',
          firstName: 'Zuri',
          lastName: 'Booked',
          dob: { day: 1, month: 2, year: 1991 },
          nationality: 'Tanzania',
          passportNumber: 'TZ1234567',
          passportCountry: 'Tanzania',
          passportExpiry: '2035-01-01',
        },
      ],
      confirmEmail: traveller.email,
      phone: '+255 700 000 000',
    },
  });
  expect(booked.status()).toBe(201);
  await row.getByRole('button', { name: `Edit ${flight.flightNumber}` }).click();
  const change = dash.dialog(`Edit Flight ${flight.flightNumber}`);
  await dash.choose(change.getByRole('combobox', { name: 'Status' }), 'delayed');
  await change.getByLabel('Price ($)', { exact: true }).fill('640');
  await change.getByRole('button', { name: 'Update Flight' }).click();
  await expect(dash.toast('Flight updated successfully')).toBeVisible();
  await expect(row).toContainText('delayed');
  await expect(row).toContainText('$640.00');

  await dash.menuLink('Mail outbox').click();
  const mail = dash.main.getByRole('listitem').filter({ hasText: `Flight ${flight.flightNumber} is delayed` });
  await expect(mail).toContainText(`to ${traveller.email}`);
  await mail.getByText(`Flight ${flight.flightNumber} is delayed`).click();
  await expect(mail).toContainText('Zanzibar City (ZNZ)');
  await dash.menuLink('Audit log').click();
  await dash.choose(dash.main.getByRole('combobox', { name: 'Action' }), 'Flight status changed', 'status');
  await dash.field('Reference, flight or name').fill(flight.flightNumber);
  // NOTE: until the filtered page arrives the table keeps the unfiltered one, where 'Flight updated' names the status too.
  const audit = dash.row('scheduled → delayed');
  await expect(audit).toContainText(`${flight.flightNumber} `);
  await expect(audit).toContainText('scheduled → delayed');
  await expect(audit).toContainText('You');

  // Booked: neither the flight nor its airport may go.
  await dash.menuLink('Flights').click();
  await dash.field('Search by flight number').fill(flight.flightNumber);
  await row.getByRole('button', { name: `Delete ${flight.flightNumber}` }).click();
  await dash.dialog('Delete flight?').getByRole('button', { name: 'Delete' }).click();
  await expect(dash.toast('This flight has bookings and cannot be deleted')).toBeVisible();
  await expect(row).toBeVisible();

  await dash.menuLink('Airports').click();
  await dash.field('Search airports').fill('ZNZ');
  await dash.row('ZNZ').getByRole('button', { name: 'Delete ZNZ' }).click();
  await dash.dialog('Delete airport?').getByRole('button', { name: 'Delete' }).click();
  await expect(dash.toast('This airport is used by flights and cannot be deleted')).toBeVisible();

  // Unused ones go.
  await dash.main.getByRole('button', { name: 'Add', exact: true }).click();
  const spare = dash.dialog('Add Airport');
  await spare.getByLabel('Name', { exact: true }).fill('Pemba Airport');
  await spare.getByLabel('Code', { exact: true }).fill('PMA');
  await spare.getByLabel('City', { exact: true }).fill('Pemba');
  await spare.getByLabel('Country', { exact: true }).fill('Tanzania');
  await spare.getByLabel('Time zone', { exact: true }).fill('Africa/Dar_es_Salaam');
  await spare.getByRole('button', { name: 'Save Airport' }).click();
  await expect(spare).toBeHidden();
  await dash.field('Search airports').fill('PMA');
  await dash.row('PMA').getByRole('button', { name: 'Delete PMA' }).click();
  await dash.dialog('Delete airport?').getByRole('button', { name: 'Delete' }).click();
  await expect(dash.toast('Airport PMA deleted')).toBeVisible();
  await expect(dash.main.getByText('No airports available')).toBeVisible();

  await dash.menuLink('Flights').click();
  await dash.main.getByRole('button', { name: 'Add', exact: true }).click();
  const second = dash.dialog('Create Flight');
  await dash.choose(second.getByRole('combobox', { name: 'Origin' }), 'Lagos(LOS)', 'LOS');
  await dash.choose(second.getByRole('combobox', { name: 'Destination' }), 'Zanzibar City(ZNZ)', 'ZNZ');
  await second.getByLabel('Departure', { exact: true }).fill(`${dayAhead(31)}T08:15`);
  await second.getByLabel('Arrival', { exact: true }).fill(`${dayAhead(31)}T16:45`);
  await second.getByLabel('Price ($)', { exact: true }).fill('500');
  await second.getByRole('button', { name: 'Create Flight' }).click();
  await expect(dash.toast('Flight created successfully')).toBeVisible();
  const [back] = (await (await request.get('/api/flights?origin=LOS&destination=ZNZ')).json()) as ApiFlight[];
  if (!back) throw new Error('the second flight is not in the catalogue');
  await dash.field('Search by flight number').fill(back.flightNumber);
  await dash
    .row(back.flightNumber)
    .getByRole('button', { name: `Delete ${back.flightNumber}` })
    .click();
  await dash.dialog('Delete flight?').getByRole('button', { name: 'Delete' }).click();
  await expect(dash.toast(`Flight ${back.flightNumber} deleted`)).toBeVisible();
  await expect(dash.main.getByText('No flights available')).toBeVisible();
  await context.close();
});

test('on a phone the flight list opens on upcoming departures, filters and searches, and refuses a past or 21-hour flight', async ({ browser, request }) => {
  const traveller = await newTraveller(request, 'Wale Seated');
  const { flight: booked } = await bookFlight(request, traveller.token, 'dashboard-admin-catalogue', 'Seated');
  const today = datePlus(0);
  const firstUpcoming = ((await (await request.get(`/api/flights?from=${today}&limit=1`)).json()) as ApiFlight[])[0];
  if (!firstUpcoming) throw new Error('no upcoming flight in the catalogue');
  const context = await signedInContext(browser, await login(request, ADMIN), { viewport: { width: 390, height: 844 } });
  const dash = new DashboardPage(await context.newPage());
  const noSidewaysScroll = () => dash.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await dash.page.goto('/dashboard/flights');
  await expect(dash.field('Departing from')).toHaveValue(today);
  await expect(dash.main.getByText(firstUpcoming.flightNumber).first()).toBeVisible();
  expect(await noSidewaysScroll()).toBe(true);

  const day = datePlus(3);
  await dash.choose(dash.main.getByRole('combobox', { name: 'Origin' }), 'Lagos(LOS)', 'LOS');
  await dash.choose(dash.main.getByRole('combobox', { name: 'Destination' }), 'London(LHR)', 'LHR');
  await dash.field('Departing from').fill(day);
  await dash.field('Departing until').fill(day);
  await dash.choose(dash.main.getByRole('combobox', { name: 'Status' }), 'scheduled');
  const route = await request.get(`/api/flights?origin=LOS&destination=LHR&from=${day}&to=${day}&status=scheduled&limit=1`);
  const routeTotal = route.headers()['x-total-count'];
  const [onRoute] = (await route.json()) as ApiFlight[];
  if (!onRoute) throw new Error('no LOS-LHR flight on that day');
  await expect(dash.main.getByText(routeTotal === '1' ? '1 flight' : `${routeTotal} flights`, { exact: true })).toBeVisible();
  await dash.field('Search by flight number').fill(onRoute.flightNumber.toLowerCase());
  await expect(dash.main.getByText('1 flight', { exact: true })).toBeVisible();
  await expect(dash.main.getByText(onRoute.flightNumber).first()).toBeVisible();

  await dash.main.getByRole('button', { name: 'Add', exact: true }).click();
  const create = dash.dialog('Create Flight');
  await dash.choose(create.getByRole('combobox', { name: 'Origin' }), 'Lagos(LOS)', 'LOS');
  await dash.choose(create.getByRole('combobox', { name: 'Destination' }), 'London(LHR)', 'LHR');
  await create.getByLabel('Departure', { exact: true }).fill(`${datePlus(-1)}T10:00`);
  await create.getByLabel('Arrival', { exact: true }).fill(`${datePlus(-1)}T16:00`);
  await create.getByLabel('Price ($)', { exact: true }).fill('300');
  await create.getByRole('button', { name: 'Create Flight' }).click();
  await expect(create.getByText('Departure must be in the future')).toBeVisible();
  await create.getByLabel('Departure', { exact: true }).fill(`${datePlus(10)}T10:00`);
  await create.getByLabel('Arrival', { exact: true }).fill(`${datePlus(11)}T07:00`);
  await create.getByRole('button', { name: 'Create Flight' }).click();
  await expect(create.getByText('A flight lasts at most 20 hours')).toBeVisible();
  const box = await create.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await create.getByRole('button', { name: 'Cancel' }).click();

  await dash.choose(dash.main.getByRole('combobox', { name: 'Status' }), 'Any status');
  // Flight numbers repeat daily: the booked one is found on its own local date (the route is still LOS-LHR).
  const bookedDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(booked.departureTime));
  await dash.field('Departing from').fill(bookedDay);
  await dash.field('Departing until').fill(bookedDay);
  await dash.field('Search by flight number').fill(booked.flightNumber);
  await dash.main.getByRole('button', { name: `Edit ${booked.flightNumber}` }).click();
  const edit = dash.dialog(`Edit Flight ${booked.flightNumber}`);
  await expect(edit.getByRole('status')).toContainText('seats on this flight are sold or held');
  expect(await noSidewaysScroll()).toBe(true);
  await context.close();
});
