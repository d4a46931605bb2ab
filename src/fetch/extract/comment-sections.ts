/**
 * Comment sections that carry no telling name: a heading such as
 * "12 Comments" or "Leave a Reply" opens them, and everything after it in the
 * same parent belongs to the readers, not the author.
 */
import { BLOCK_TAGS, HEADING_TAGS } from './block-tags.js';
import { collapse, type Element, findFirst, isElement, type ParentNode, textOf } from './tree.js';

/** "Comments", "12 comments", "Comments (3)", in the languages most pages come in. */
const COMMENTS_TITLE =
  /^(?:\d+\s+)?(?:comments?|responses?|replies|reactions|kommentare?|commentaires?|comentarios?|comentários?|commenti|komentarze?|kommentarer|reacties|комментари[йи]|评论|評論|コメント)(?:\s*\(\d+\))?\s*:?$/i;

/** "3 Responses to “Title”", "5 thoughts on “Title”", "Leave a Reply", "Post a comment". */
const COMMENTS_PHRASE =
  /^(?:\d+\s+(?:comments?|responses?|thoughts?|replies)\s+(?:on|to)\b|(?:leave|post|add|write)\s+(?:a|your)\s+(?:comment|reply|response)\b)/i;

/** Headings longer than this are content, whatever their words. */
const HEADING_LIMIT = 120;
/** A title bar that is not a heading (`<div class="titlebar">Comments</div>`) is this short. */
const TITLE_BAR_LIMIT = 40;

/**
 * A heading, or a short block that is not a link, saying comments follow. A
 * "3 Comments" link in a post's byline only points to them.
 */
const opensComments = (element: Element): boolean => {
  const heading = HEADING_TAGS.has(element.name);
  if (!heading && !BLOCK_TAGS.has(element.name)) return false;
  const text = collapse(textOf(element));
  if (text.length > (heading ? HEADING_LIMIT : TITLE_BAR_LIMIT)) return false;
  if (!COMMENTS_TITLE.test(text) && !COMMENTS_PHRASE.test(text)) return false;
  return heading || findFirst(element, (child) => child.name === 'a') === undefined;
};

/** Cuts, in place, every comment heading and what follows it in its parent. */
export function cutCommentSections(page: ParentNode): void {
  const walk = (parent: ParentNode): void => {
    const index = parent.children.findIndex((child) => isElement(child) && opensComments(child));
    if (index >= 0) parent.children = parent.children.slice(0, index);
    for (const child of parent.children) if (isElement(child)) walk(child);
  };
  walk(page);
}
