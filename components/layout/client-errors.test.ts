import { describe, expect, it } from "vitest";
import { isBotUserAgent } from "./bot-user-agent";
import { decideClientError, errorMessageOf, isRecoverableClientError } from "./client-errors";

const people = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
];

const bots = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "Twitterbot/1.0",
  "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1 Safari/605.1.15 (Applebot/0.1)",
  "curl/8.5.0",
  "",
];

describe("bot detection", () => {
  it.each(people)("treats %s as a person", (ua) => expect(isBotUserAgent(ua)).toBe(false));
  it.each(bots)("treats %s as a bot", (ua) => expect(isBotUserAgent(ua)).toBe(true));
  it("treats a missing user agent as a bot", () => expect(isBotUserAgent(undefined)).toBe(true));
});

describe("unhandled client errors", () => {
  it("shows the error page to people and only logs for bots", () => {
    expect(decideClientError(isBotUserAgent(people[0]), "boom")).toBe("show-error-page");
    expect(decideClientError(isBotUserAgent(bots[0]), "boom")).toBe("log");
  });

  it("only logs errors React recovers from by itself", () => {
    expect(isRecoverableClientError("Minified React error #418; visit https://react.dev")).toBe(
      true,
    );
    expect(isRecoverableClientError("Hydration failed because the server rendered HTML")).toBe(
      true,
    );
    expect(
      isRecoverableClientError("ResizeObserver loop completed with undelivered notifications."),
    ).toBe(true);
    expect(isRecoverableClientError("Cannot read properties of undefined")).toBe(false);
    expect(decideClientError(isBotUserAgent(people[0]), "Minified React error #423")).toBe("log");
  });

  it("reads a message from anything thrown", () => {
    expect(errorMessageOf(new Error("bad"))).toBe("bad");
    expect(errorMessageOf("plain")).toBe("plain");
    expect(errorMessageOf({ code: 1 })).toBe('{"code":1}');
    expect(errorMessageOf(undefined)).toBe("undefined");
  });
});
