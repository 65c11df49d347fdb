import { html, userHtml } from "../html";
import { htmlLayout, textFooter } from "./layout";

/** A workflow step's mail: the host's subject and body, its variables filled already. */
export interface WorkflowMessageData {
  subject: string;
  body: string;
  /** A timed step's meeting start (ISO): it goes out only while the meeting is then. */
  start: string;
}

/** The host's text as it is: escaped in HTML, its line breaks kept, nothing else added. */
export function workflowMessage(data: WorkflowMessageData, language: string) {
  return {
    subject: data.subject,
    text: `${data.body}\n\n${textFooter(language)}`,
    html: htmlLayout(
      data.subject,
      html`<div style="font-size:14px;white-space:pre-line">${userHtml(data.body)}</div>`,
      language,
    ),
  };
}
