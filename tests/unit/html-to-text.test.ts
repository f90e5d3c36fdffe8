import { describe, expect, it } from "vitest";
import { htmlToText } from "@/lib/mail/html-to-text";

describe("htmlToText", () => {
  it("drops the head, puts blocks on their own lines and keeps link targets", () => {
    const html =
      "<!DOCTYPE html><html><head><title>T</title><style>p{color:red}</style></head><body>" +
      "<table><tr><td><h1>Hi  there</h1><p>Line one<br/>Line two</p>" +
      '<p><a href="https://example.com/x?a=1&amp;b=2">Open</a> or <a href="https://e.com">https://e.com</a></p>' +
      "<ul><li>One</li><li>Two</li></ul></td></tr></table></body></html>";
    expect(htmlToText(html)).toBe(
      "Hi there\n\nLine one\nLine two\n\nOpen (https://example.com/x?a=1&b=2) or https://e.com\n\n- One\n\n- Two",
    );
  });

  it("decodes entities once, so escaped markup stays text", () => {
    expect(htmlToText("<p>a &lt;b&gt; &amp;amp; &#39;q&#x27; &quot;x&quot;&nbsp;y</p>")).toBe(
      "a <b> &amp; 'q' \"x\" y",
    );
  });
});
