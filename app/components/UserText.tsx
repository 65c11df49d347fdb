import type { ElementType, ReactNode } from "react";

interface UserTextProps {
  /**
   * The element around the text, which keeps the page's direction and so its alignment; without
   * it the isolate itself is the element (for inline text: as a block or flex item it would
   * align to the text's own start).
   */
  as?: ElementType;
  className?: string;
  id?: string;
  children: ReactNode;
}

/**
 * Text a host or an invitee wrote (a title, a description, a name, an answer), isolated from
 * the page's direction: inside an Arabic page "30 minute meeting" keeps its order and a
 * description's full stop stays at its end, and Arabic text in an English page reads right to
 * left. The outer element keeps the page's alignment; the <bdi dir="auto"> inside takes its
 * direction from the text's first strong letter (unicode-bidi: isolate).
 */
export function UserText({ as: Element, className, id, children }: UserTextProps) {
  if (Element === undefined) {
    return (
      <bdi dir="auto" className={className} id={id}>
        {children}
      </bdi>
    );
  }
  return (
    <Element className={className} id={id}>
      <bdi dir="auto">{children}</bdi>
    </Element>
  );
}

/**
 * User-written text inside a string that is itself a label or a translated sentence (a question
 * as a field's label, an address after its kind), isolated by FSI … PDI, the plain-text
 * counterpart of <bdi>, so that it keeps its own order in a right-to-left page.
 */
export function isolateText(text: string): string {
  return `\u2068${text}\u2069`;
}
