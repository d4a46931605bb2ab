/**
 * Schema.org JSON-LD (`<script type="application/ld+json">`): the page's
 * article-like item, found through arrays and `@graph`, with `@id`
 * references followed for authors and publishers.
 */

type Item = Record<string, unknown>;

export interface LinkedData {
  headline?: string;
  name?: string;
  byline?: string;
  published?: string;
  description?: string;
  image?: string;
  siteName?: string;
}

/** Types whose item describes the page's own content, best first. */
const CONTENT_TYPES = [
  /^(?:News|Blog|Scholarly|Tech|Report|Satirical|Opinion|Analysis|Review)?Article$|^BlogPosting$|^Report$/,
  /^(?:Recipe|HowTo|QAPage|DiscussionForumPosting|SocialMediaPosting|Review|Product|Event|Course|Book|Movie|CreativeWork|VideoObject)$/,
  /^(?:WebPage|ItemPage|AboutPage|ProfilePage|CollectionPage|FAQPage)$/,
];

const isItem = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const typesOf = (item: Item): string[] => {
  const type = item['@type'];
  const types = Array.isArray(type) ? type : [type];
  return types.filter((entry): entry is string => typeof entry === 'string');
};

/** Every item in a JSON-LD value, through arrays and `@graph`. */
function flatten(value: unknown, into: Item[]): Item[] {
  if (Array.isArray(value)) for (const entry of value) flatten(entry, into);
  else if (isItem(value)) {
    into.push(value);
    if (value['@graph'] !== undefined) flatten(value['@graph'], into);
  }
  return into;
}

/** Parses each script's text; a script that is not JSON is passed over. */
export function parseJsonLd(scripts: string[]): Item[] {
  const items: Item[] = [];
  for (const script of scripts) {
    const text = script.replace(/^\s*(?:<!--|<!\[CDATA\[)|(?:-->|\]\]>)\s*$/g, '').trim();
    try {
      flatten(JSON.parse(text), items);
    } catch {
      // Broken JSON-LD is common; the other metadata sources remain.
    }
  }
  return items;
}

const string = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** Names of people or organisations: a string, an item with `name`, an `@id` reference, or a list. */
function names(value: unknown, byId: Map<string, Item>): string[] {
  if (Array.isArray(value)) return value.flatMap((entry) => names(entry, byId));
  const text = string(value);
  if (text) return [text];
  if (!isItem(value)) return [];
  const name = string(value.name);
  if (name) return [name];
  const id = string(value['@id']);
  const target = id ? byId.get(id) : undefined;
  return target && target !== value ? names(target, byId) : [];
}

/** An image address: a string, an ImageObject (`url` or `contentUrl`), or the first of a list. */
function imageOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return imageOf(value[0]);
  if (isItem(value)) return string(value.url) ?? string(value.contentUrl);
  return string(value);
}

/** The metadata of the best content item among `items`. */
export function linkedData(items: Item[]): LinkedData {
  const byId = new Map<string, Item>();
  for (const item of items) {
    const id = string(item['@id']);
    if (id) byId.set(id, item);
  }
  const rank = (item: Item) => {
    const index = CONTENT_TYPES.findIndex((pattern) => typesOf(item).some((t) => pattern.test(t)));
    return index < 0 ? CONTENT_TYPES.length : index;
  };
  const main = items
    .filter((item) => rank(item) < CONTENT_TYPES.length)
    .sort((a, b) => rank(a) - rank(b))[0];
  const website = items.find((item) => typesOf(item).includes('WebSite'));
  const publisher = main ? names(main.publisher, byId)[0] : undefined;
  const authors = main ? [...new Set(names(main.author ?? main.creator, byId))] : [];
  return {
    headline: main && string(main.headline),
    name: main && string(main.name),
    byline: authors.length > 0 ? authors.join(', ') : undefined,
    published: main && (string(main.datePublished) ?? string(main.dateCreated)),
    description: main && string(main.description),
    image: main && imageOf(main.image ?? main.thumbnailUrl),
    siteName: publisher ?? (website && string(website.name)),
  };
}
