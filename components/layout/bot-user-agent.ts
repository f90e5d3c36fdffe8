/**
 * Whether a request comes from a bot, crawler, link previewer or headless tool (spec §8: for
 * them an unhandled client error is only logged). Decided by the server from the request's
 * user agent (the default layout), so browsers never load this list.
 */

const botPattern = new RegExp(
  [
    "bot\\b",
    "bot/",
    "bot-",
    "crawl",
    "spider",
    "slurp",
    "mediapartners",
    "adsbot",
    "facebookexternalhit",
    "facebookcatalog",
    "embedly",
    "quora link preview",
    "outbrain",
    "pinterest",
    "vkshare",
    "w3c_validator",
    "whatsapp",
    "telegrambot",
    "skypeuripreview",
    "lighthouse",
    "chrome-lighthouse",
    "headlesschrome",
    "phantomjs",
    "prerender",
    "pagespeed",
    "yandex",
    "baiduspider",
    "duckduckgo",
    "petalbot",
    "applebot",
    "ia_archiver",
    "archive\\.org",
    "curl/",
    "wget/",
    "python-requests",
    "go-http-client",
    "node-fetch",
    "axios/",
  ].join("|"),
  "i",
);

/** Whether a user agent is a bot, crawler, link previewer or headless tool. */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent || !userAgent.trim()) return true;
  return botPattern.test(userAgent);
}
