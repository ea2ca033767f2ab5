import type { TicketSerial } from '@ricambi/domain';
import { describe, expect, it } from 'vitest';
import { ticketListQuery } from '../../api/tickets.api.ts';
import {
  closedWindowOf,
  customerOf,
  DEFAULT_TICKET_ADDRESS,
  emptyTicketValues,
  exactSerial,
  filterOf,
  hasExtraFilters,
  isHighlighted,
  locationLabel,
  locationOptions,
  parseTicketSearch,
  saveRefusal,
  serialFields,
  serialStatusOf,
  serialTerm,
  toTicketInput,
  toTicketSearch,
  waitsForMe,
  withFilter,
} from './tickets.form.ts';

const SERIAL: TicketSerial = { matricola: 'ab123', modello: 'Miniescavatore 35', dataGaranzia: '31-12-2027 00:00:00' };

// Spec 2 §2, §7: the list's filters live in the address.
describe('ticket list address', () => {
  it('defaults to every state on the first page', () => {
    expect(parseTicketSearch({})).toEqual(DEFAULT_TICKET_ADDRESS);
    expect(DEFAULT_TICKET_ADDRESS.stato).toBe('ALL');
    expect(toTicketSearch(DEFAULT_TICKET_ADDRESS)).toEqual({});
  });

  it('reads what the router parsed (46 as a number, true as a boolean) and drops what is malformed', () => {
    expect(
      parseTicketSearch({
        stato: 46,
        dateFrom: '2026-01-31',
        dateTo: '2026-02-30',
        ricerca: 123,
        soloMiei: true,
        tipologiaKey: 2,
        collocazioneKey: 14,
        urgenzaClienteKey: '1',
        page: 3,
      }),
    ).toEqual({
      stato: '46',
      dateFrom: '2026-01-31',
      ricerca: '123',
      soloMiei: true,
      tipologiaKey: 2,
      urgenzaClienteKey: 1,
      page: 3,
    });
    expect(parseTicketSearch({ stato: 'NOPE', page: -2, soloMiei: 'yes', tipologiaKey: 3 })).toEqual(
      DEFAULT_TICKET_ADDRESS,
    );
  });

  it('writes only what differs from the default, and reads back the same', () => {
    const address = {
      stato: '46' as const,
      dateFrom: '2026-01-01',
      dateTo: '2026-03-31',
      ricerca: 'perdita',
      soloMiei: true,
      tipologiaKey: 1,
      collocazioneKey: 13,
      urgenzaClienteKey: 4,
      page: 2,
    };
    const search = toTicketSearch(address);
    expect(search).toEqual({ ...address, stato: 46 });
    expect(parseTicketSearch(search)).toEqual(address);
  });

  it('goes back to the first page when a filter changes, and forgets a filter set to nothing', () => {
    const address = { ...DEFAULT_TICKET_ADDRESS, tipologiaKey: 2, ricerca: 'x', page: 4 };
    expect(withFilter(address, { tipologiaKey: undefined })).toEqual({ ...DEFAULT_TICKET_ADDRESS, ricerca: 'x' });
    expect(withFilter(address, { stato: 'CLOSE' }).page).toBe(0);
    expect(hasExtraFilters(DEFAULT_TICKET_ADDRESS)).toBe(false);
    expect(hasExtraFilters({ ...DEFAULT_TICKET_ADDRESS, soloMiei: true })).toBe(true);
  });

  it('asks the server for 20 a page with the filters set', () => {
    const query = ticketListQuery(
      filterOf({ ...DEFAULT_TICKET_ADDRESS, stato: 'OPEN', collocazioneKey: 3, page: 1 }),
      1,
    );
    expect(Object.fromEntries(query)).toEqual({ stato: 'OPEN', page: '1', size: '20', collocazioneKey: '3' });
    expect(Object.fromEntries(ticketListQuery({ stato: 'ALL', soloMiei: true, ricerca: ' ab ' }, 0))).toEqual({
      stato: 'ALL',
      page: '0',
      size: '20',
      soloMiei: 'true',
      ricerca: 'ab',
    });
  });
});

describe('ticket rows', () => {
  it('marks tickets waiting for this side, highlights 46 and names the customer', () => {
    expect(waitsForMe({ attesa: 'CUSTOMER' }, false)).toBe(true);
    expect(waitsForMe({ attesa: 'CUSTOMER' }, true)).toBe(false);
    expect(waitsForMe({ attesa: 'STAFF' }, true)).toBe(true);
    expect(waitsForMe({ attesa: null }, false)).toBe(false);
    expect(isHighlighted({ status: 46 })).toBe(true);
    expect(isHighlighted({ status: 2 })).toBe(false);
    expect(customerOf({ nome: 'Mario', cognome: 'Rossi', login: 'dealer' })).toBe('Mario Rossi (dealer)');
    expect(customerOf({ nome: null, cognome: ' ', login: 'dealer' })).toBe('dealer');
  });

  it('numbers the 13 locations of the combo list, in order', () => {
    const combo = (chiave: string, it: string) => ({
      id: { tipo: 'COLLOCAZIONE_PROBLEMA', chiave },
      descrizione: { it },
    });
    const options = locationOptions([combo('2', 'Trasmissione'), combo('1', 'Motore'), combo('C01', 'Vecchio')], 'it');
    expect(options).toEqual([
      { value: 1, label: 'Motore' },
      { value: 2, label: 'Trasmissione' },
    ]);
    expect(locationLabel(2, options)).toBe('Trasmissione');
    expect(locationLabel(9, options)).toBe('9');
    expect(locationLabel(0, options)).toBe('–');
  });
});

// Spec 2 §4: a closed ticket takes notes and files for 3 days after its close time.
describe('closed ticket window', () => {
  it('says nothing of an open ticket', () => {
    expect(closedWindowOf({ status: 46, close_time: null, aperto: true })).toBeNull();
  });

  it('gives the close time and the end of the 3 days, open or over as the server said', () => {
    expect(closedWindowOf({ status: 3, close_time: '2026-11-20T10:00:00.000Z', aperto: true })).toEqual({
      closedAt: '2026-11-20T10:00:00.000Z',
      until: '2026-11-23T10:00:00.000Z',
      open: true,
    });
    expect(closedWindowOf({ status: 3, close_time: '2026-11-01T10:00:00.000Z', aperto: false })?.open).toBe(false);
    expect(closedWindowOf({ status: 3, close_time: null, aperto: false })).toEqual({
      closedAt: null,
      until: null,
      open: false,
    });
  });
});

// Spec 2 §3, §5: the new ticket.
describe('new ticket form', () => {
  it('starts as a technical problem, no location chosen, low urgency', () => {
    expect(emptyTicketValues()).toMatchObject({ tipologiaKey: 2, collocazioneKey: undefined, urgenzaClienteKey: 4 });
  });

  it('looks the serial up lower-cased, and upper-cases the one chosen with its model and warranty end', () => {
    expect(serialTerm('  AB12 ')).toBe('ab12');
    expect(serialFields(SERIAL)).toEqual({
      matricola: 'AB123',
      modello: 'Miniescavatore 35',
      dataGaranzia: '31-12-2027 00:00:00',
    });
    expect(exactSerial('AB123', [SERIAL])).toBe(SERIAL);
    expect(exactSerial('AB12', [SERIAL])).toBeUndefined();
  });

  it('tells where the serial stands: searching, none found, to choose, chosen', () => {
    const base = { typed: 'AB1', looked: 'ab1', chosen: undefined, results: [SERIAL], fetching: false, failed: false };
    expect(serialStatusOf({ ...base, typed: '' })).toBe('idle');
    expect(serialStatusOf({ ...base, looked: 'ab' })).toBe('searching');
    expect(serialStatusOf({ ...base, fetching: true })).toBe('searching');
    expect(serialStatusOf(base)).toBe('choose');
    expect(serialStatusOf({ ...base, results: [] })).toBe('none');
    expect(serialStatusOf({ ...base, failed: true })).toBe('error');
    expect(serialStatusOf({ ...base, typed: 'AB123', looked: 'ab1', chosen: SERIAL })).toBe('found');
  });

  it('refuses to save while the location is 0 or the ticket was already sent', () => {
    expect(saveRefusal({ collocazioneKey: undefined }, false)).toBe('location');
    expect(saveRefusal({ collocazioneKey: 3 }, true)).toBe('submitted');
    expect(saveRefusal({ collocazioneKey: 3 }, false)).toBeNull();
  });

  it('sends trimmed texts, the serial upper-cased and the language', () => {
    expect(
      toTicketInput(
        {
          ...emptyTicketValues(),
          matricola: ' ab123 ',
          modello: 'Miniescavatore 35',
          dataGaranzia: '31-12-2027 00:00:00',
          oreUtilizzo: 1250,
          collocazioneKey: 3,
          title: '  Perdita olio ',
          clientDescription: '   ',
        },
        'it',
      ),
    ).toEqual({
      title: 'Perdita olio',
      clientDescription: null,
      tipologiaKey: 2,
      matricola: 'AB123',
      modello: 'Miniescavatore 35',
      oreUtilizzo: 1250,
      collocazioneKey: 3,
      urgenzaClienteKey: 4,
      lingua: 'it',
    });
    expect(toTicketInput(emptyTicketValues(), undefined).collocazioneKey).toBe(0);
  });
});
