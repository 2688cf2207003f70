import { z } from 'zod';
import { GridFiltersField, GridSortingField } from './query';

/** Rows of one export call: enough to keep each reply well under a NATS message. */
export const GRID_EXPORT_CHUNK = 1000;
export const GRID_EXPORT_MAX_CHUNK = 5000;

/** Where the next chunk of an export starts (the last row's sort key and id, as text). */
export const GridCursorSchema = z.object({ key: z.string().nullable(), id: z.string() });
export type GridCursorValue = z.infer<typeof GridCursorSchema>;

/** A grid's export as the web asks for it: the grid's filters and sorting (what it shows), as query text or JSON. */
export const GridExportQuery = z.object({
  format: z.literal('csv', { message: 'format: csv' }).default('csv'),
  filters: GridFiltersField,
  sorting: GridSortingField,
});

/** One chunk of an export over the RPC: the grid's filters and sorting, after a cursor. */
export const GridExportRequest = z.object({
  filters: GridFiltersField,
  sorting: GridSortingField,
  after: GridCursorSchema.nullable().default(null),
  size: z.coerce.number().int().min(1).max(GRID_EXPORT_MAX_CHUNK).default(GRID_EXPORT_CHUNK),
});
export type GridExportRequest = z.output<typeof GridExportRequest>;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type GridExportCell = z.infer<typeof cell>;

/** A chunk: the header (the first chunk's is written), the rows in the grid's order, the cursor of the next chunk (null: the last). */
export const GridExportChunk = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(cell)),
  next: GridCursorSchema.nullable(),
});
export type GridExportChunk = z.infer<typeof GridExportChunk>;
