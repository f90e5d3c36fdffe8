import { describe, expect, it } from "vitest";
import type { ListingLocation } from "./location-schema";
import { addressLines, formatDegrees, hasLocation, openInMapsUrl } from "./maps-link";

const empty: ListingLocation = {
  addressLine1: null,
  addressLine2: null,
  city: null,
  region: null,
  postalCode: null,
  country: null,
  latitude: null,
  longitude: null,
};
const madrid: ListingLocation = {
  ...empty,
  addressLine1: "Calle de Fuencarral 43",
  city: "Madrid",
  region: "Comunidad de Madrid",
  postalCode: "28004",
  country: "ES",
  latitude: 40.4262,
  longitude: -3.7038,
};

describe("the 'Open in maps' link", () => {
  it("drops a marker on the point, with the map centred there at zoom 16", () => {
    expect(openInMapsUrl(madrid)).toBe(
      "https://www.openstreetmap.org/?mlat=40.4262&mlon=-3.7038#map=16/40.4262/-3.7038",
    );
  });

  it("rounds to 6 decimals without trailing zeros or exponents", () => {
    expect(formatDegrees(40.123456789)).toBe("40.123457");
    expect(formatDegrees(-0.0000001)).toBe("0");
    expect(formatDegrees(1e-7)).toBe("0");
    expect(formatDegrees(-180)).toBe("-180");
    expect(openInMapsUrl({ ...empty, latitude: 0, longitude: 0 })).toBe(
      "https://www.openstreetmap.org/?mlat=0&mlon=0#map=16/0/0",
    );
  });

  it("searches the address when there is no point, encoded", () => {
    const url = openInMapsUrl({ ...madrid, latitude: null, longitude: null }, "Spain");
    expect(url).toBe(
      `https://www.openstreetmap.org/search?query=${encodeURIComponent(
        "Calle de Fuencarral 43, 28004 Madrid, Comunidad de Madrid, Spain",
      )}`,
    );
    const odd = openInMapsUrl({ ...empty, addressLine1: "Rue #3 & Co?", city: "Paris" });
    expect(new URL(odd!).searchParams.get("query")).toBe("Rue #3 & Co?, Paris");
    expect(new URL(odd!).hash).toBe("");
  });

  it("is null when there is nothing to show", () => {
    expect(openInMapsUrl(empty)).toBeNull();
    expect(hasLocation(empty)).toBe(false);
    expect(hasLocation(null)).toBe(false);
    expect(hasLocation({ ...empty, city: "Madrid" })).toBe(true);
    expect(hasLocation({ ...empty, latitude: 1, longitude: 2 })).toBe(true);
  });
});

describe("the address lines", () => {
  it("follow the country's order", () => {
    expect(addressLines(madrid, "España")).toEqual([
      "Calle de Fuencarral 43",
      "28004 Madrid",
      "Comunidad de Madrid",
      "España",
    ]);
    expect(
      addressLines(
        {
          ...empty,
          addressLine1: "214 Bedford Avenue",
          city: "New York",
          region: "NY",
          postalCode: "11211",
          country: "US",
        },
        "United States",
      ),
    ).toEqual(["214 Bedford Avenue", "New York, NY 11211", "United States"]);
    expect(
      addressLines({
        ...empty,
        addressLine1: "12 Upper Street",
        city: "London",
        postalCode: "N1 0PQ",
        country: "GB",
      }),
    ).toEqual(["12 Upper Street", "London", "N1 0PQ", "GB"]);
  });

  it("leave out what is empty", () => {
    expect(addressLines({ ...empty, city: "Madrid" })).toEqual(["Madrid"]);
    expect(addressLines({ ...empty, country: "MX" }, "Mexico")).toEqual(["Mexico"]);
    expect(addressLines(empty)).toEqual([]);
  });
});
