/**
 * Data tables as Markdown tables. Tables used for page layout (old sites set
 * whole pages in them) are told apart and left to markdown.ts to render as
 * ordinary blocks, cell after cell.
 */
import { BLOCK_TAGS, HEADING_TAGS } from './block-tags.js';
import { inlineMarkdown } from './markdown-inline.js';
import { type Element, findFirst, isElement, textOf, visibleLength } from './tree.js';

/** A cell with more text than this holds page content, not a datum. */
const CELL_TEXT_LIMIT = 400;
/** A cell with more block children than this is laid out like a page. */
const CELL_BLOCK_LIMIT = 2;
/** Sections a table's rows may sit in. */
const ROW_GROUPS = new Set(['thead', 'tbody', 'tfoot']);
/** Parts only data tables have. */
const DATA_PARTS = new Set(['caption', 'thead', 'tfoot', 'colgroup', 'col', 'th']);

const childElements = (element: Element): Element[] =>
  element.children.filter((child): child is Element => isElement(child));

/** The table's own rows, in order, not those of tables nested in it. */
export function rowsOf(table: Element): Element[] {
  return childElements(table).flatMap((child) => {
    if (child.name === 'tr') return [child];
    return ROW_GROUPS.has(child.name)
      ? childElements(child).filter((row) => row.name === 'tr')
      : [];
  });
}

/** A row's cells. */
export const cellsOf = (row: Element): Element[] =>
  childElements(row).filter((cell) => cell.name === 'td' || cell.name === 'th');

/** The cell holds page content: long text, headings, several blocks, or a table. */
function isLayoutCell(cell: Element): boolean {
  if (visibleLength(textOf(cell)) > CELL_TEXT_LIMIT) return true;
  const blocks = childElements(cell).filter((child) => BLOCK_TAGS.has(child.name));
  if (blocks.length > CELL_BLOCK_LIMIT) return true;
  return (
    findFirst(cell, (child) => child.name === 'table' || HEADING_TAGS.has(child.name)) !== undefined
  );
}

/** Whether the table marks itself as data: a caption, a header part, header cells or a summary. */
function marksData(table: Element, rows: Element[]): boolean {
  if (table.attribs.summary) return true;
  if (childElements(table).some((child) => DATA_PARTS.has(child.name))) return true;
  return rows.some((row) => cellsOf(row).some((cell) => cell.name === 'th'));
}

/**
 * The table holds data: no cell laid out like a page, and either marked as
 * data or too big a grid for a layout (layouts have a few rows and columns).
 */
export function isDataTable(table: Element): boolean {
  const role = table.attribs.role;
  if (role === 'presentation' || role === 'none') return false;
  const rows = rowsOf(table);
  if (rows.length < 2) return false;
  const cells = rows.map(cellsOf);
  const columns = Math.max(...cells.map((row) => row.length));
  if (columns < 2 || cells.some((row) => row.some(isLayoutCell))) return false;
  return marksData(table, rows) || rows.length >= 10 || columns > 4 || rows.length * columns > 10;
}

const cellText = (cell: Element, base: string): string =>
  inlineMarkdown(cell.children, base)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|');

const span = (cell: Element, name: 'colspan' | 'rowspan'): number => {
  const value = Number.parseInt(cell.attribs[name] ?? '1', 10);
  return Number.isFinite(value) && value > 1 ? Math.min(value, 100) : 1;
};

/** The table as a grid of cell texts, spanned cells repeated as blanks so columns line up. */
function grid(table: Element, base: string): string[][] {
  const carried = new Map<number, number>();
  return rowsOf(table).map((row) => {
    const line: string[] = [];
    const fillCarried = () => {
      while ((carried.get(line.length) ?? 0) > 0) {
        carried.set(line.length, (carried.get(line.length) ?? 1) - 1);
        line.push('');
      }
    };
    for (const cell of cellsOf(row)) {
      fillCarried();
      const rows = span(cell, 'rowspan');
      for (let column = 0; column < span(cell, 'colspan'); column++) {
        if (rows > 1) carried.set(line.length, rows - 1);
        line.push(column === 0 ? cellText(cell, base) : '');
      }
    }
    fillCarried();
    return line;
  });
}

/** A data table as a Markdown table (its first row as the header), its caption above it. */
export function tableMarkdown(table: Element, base: string): string {
  const rows = grid(table, base).filter((row) => row.some((text) => text !== ''));
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((row) => row.length));
  const line = (row: string[]) =>
    `| ${Array.from({ length: width }, (_, index) => row[index] ?? '').join(' | ')} |`;
  const [header = [], ...body] = rows;
  const separator = `| ${Array.from({ length: width }, () => '---').join(' | ')} |`;
  const caption = childElements(table).find((child) => child.name === 'caption');
  const title = caption ? inlineMarkdown(caption.children, base) : '';
  const markdown = [line(header), separator, ...body.map(line)].join('\n');
  return title ? `${title}\n\n${markdown}` : markdown;
}
