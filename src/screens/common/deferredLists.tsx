/**
 * The screens' data tables as the screens use them (issue 5 "Weight of the pages"): a table
 * shows only once its data is in, so its code (Radix Themes' table with the scroll area it
 * wraps every table in, about 5 KB gzip, and the rows) need not load before the screen
 * shows. Each screen starts loading its table once it has painted (`usePreload`), alongside
 * its data; should the data come first, the list's skeleton stays until the code is in.
 */
import { lazyOnIdle } from '../../lib/lazyOnIdle';
import { TableSkeleton } from './TableSkeleton';

const always = () => true;

/** `BuildingsTable` (/buildings). */
export const BuildingsTable = lazyOnIdle(() => import('../buildings/BuildingsTable').then((m) => m.BuildingsTable), always, <TableSkeleton />);

/** `FloorsTable` (/buildings/:id). */
export const FloorsTable = lazyOnIdle(() => import('../floors/FloorsTable').then((m) => m.FloorsTable), always, <TableSkeleton rows={3} />);

/** `DevicesTable` (/devices). */
export const DevicesTable = lazyOnIdle(() => import('../devices/DevicesTable').then((m) => m.DevicesTable), always, <TableSkeleton />);

/** `BuildingsOnMapList` (/map). */
export const BuildingsOnMapList = lazyOnIdle(() => import('../map/BuildingsOnMapList').then((m) => m.BuildingsOnMapList), always, <TableSkeleton rows={3} />);
