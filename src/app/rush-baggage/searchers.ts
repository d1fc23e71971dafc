/**
 * The search selects of the rush modal: the `searchSelect` machine with its `search` actor provided by the door,
 * one logic per kind of option, made once so every select of a kind shares it.
 */
import { fromPromise } from 'xstate';
import { type SearchInput, type SearchOption, searchSelectMachine } from '../../machines/searchSelect.ts';
import { searchAirlines, searchAirports, searchFlights, searchRushCodes } from './api.ts';

function searcher(search: (input: SearchInput, signal: AbortSignal) => Promise<SearchOption[]>) {
  return searchSelectMachine.provide({
    actors: {
      search: fromPromise<SearchOption[], SearchInput>(({ input, signal }) => search(input, signal)),
    },
  });
}

export const airportSearch = searcher(({ query }, signal) => searchAirports(query, signal));
export const airlineSearch = searcher(({ query }, signal) => searchAirlines(query, signal));
export const rushCodeSearch = searcher(({ query }, signal) => searchRushCodes(query, signal));
export const flightSearch = searcher(({ query, params }, signal) => searchFlights(query, params, signal));
