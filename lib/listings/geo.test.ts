import { describe, expect, it } from "vitest";
import { boundingBox, haversineKm } from "./geo";

const madrid = { lat: 40.4168, lng: -3.7038 };
const barcelona = { lat: 41.3874, lng: 2.1686 };
const london = { lat: 51.5072, lng: -0.1276 };
const newYork = { lat: 40.7128, lng: -74.006 };

describe("haversineKm", () => {
  it("measures known city distances within half a percent", () => {
    expect(haversineKm(madrid, barcelona)).toBeGreaterThan(503);
    expect(haversineKm(madrid, barcelona)).toBeLessThan(507);
    expect(haversineKm(london, newYork)).toBeGreaterThan(5555);
    expect(haversineKm(london, newYork)).toBeLessThan(5585);
  });

  it("is zero for one point and symmetric", () => {
    expect(haversineKm(madrid, madrid)).toBe(0);
    expect(haversineKm(madrid, london)).toBeCloseTo(haversineKm(london, madrid), 9);
  });

  it("goes the short way across the antimeridian and stays finite at the poles", () => {
    expect(haversineKm({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeLessThan(23);
    expect(haversineKm({ lat: 90, lng: 0 }, { lat: -90, lng: 0 })).toBeCloseTo(20015.1, 0);
  });
});

describe("boundingBox", () => {
  it("contains every point of the circle (points on its edge, all round)", () => {
    for (const center of [
      madrid,
      london,
      { lat: -33.87, lng: 151.21 },
      { lat: 69.65, lng: 18.96 },
    ]) {
      const radius = 50;
      const box = boundingBox(center, radius);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        // A point at `radius` km in direction `bearing` (destination formula).
        const d = radius / 6371.0088;
        const b = (bearing * Math.PI) / 180;
        const lat1 = (center.lat * Math.PI) / 180;
        const lng1 = (center.lng * Math.PI) / 180;
        const lat2 = Math.asin(
          Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b),
        );
        const lng2 =
          lng1 +
          Math.atan2(
            Math.sin(b) * Math.sin(d) * Math.cos(lat1),
            Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
          );
        const point = { lat: (lat2 * 180) / Math.PI, lng: (lng2 * 180) / Math.PI };
        expect(haversineKm(center, point)).toBeCloseTo(radius, 6);
        expect(point.lat).toBeGreaterThanOrEqual(box.minLat);
        expect(point.lat).toBeLessThanOrEqual(box.maxLat);
        expect(point.lng).toBeGreaterThanOrEqual(box.minLng ?? -180);
        expect(point.lng).toBeLessThanOrEqual(box.maxLng ?? 180);
      }
    }
  });

  it("narrows by about the radius (not the whole world)", () => {
    const box = boundingBox(madrid, 10);
    expect(box.maxLat - box.minLat).toBeCloseTo(0.18, 2);
    expect((box.maxLng ?? 0) - (box.minLng ?? 0)).toBeLessThan(0.3);
  });

  it("gives up on longitude across the antimeridian or over a pole", () => {
    expect(boundingBox({ lat: 10, lng: 179.95 }, 25)).toMatchObject({ minLng: null, maxLng: null });
    const polar = boundingBox({ lat: 89.9, lng: 0 }, 50);
    expect(polar).toMatchObject({ maxLat: 90, minLng: null, maxLng: null });
  });
});
